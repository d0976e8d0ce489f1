taxis ideal --method cplex
