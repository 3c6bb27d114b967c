"""The world's verbs: what a creature can do or suffer (strike, take damage, die, take, eat, move through
an exit, be afflicted, be made), shared by the systems of the turn and by the commands, so neither imports
the other. A verb changes components and posts events; it never runs a stage of the turn."""
