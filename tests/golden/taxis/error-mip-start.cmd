taxis ideal --method mip --mip-start cplex
