taxis turn --seed 3 --json Munchen Ingolstadt Nurnberg Passau Wurzburg Linz
