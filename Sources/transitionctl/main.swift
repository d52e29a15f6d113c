// transitionctl: the command-line client of transitiond (see its --help).
