"""Table play: the state of a table, the buttons for its moves, and the manager that runs it."""
