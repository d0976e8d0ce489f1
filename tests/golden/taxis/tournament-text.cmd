taxis tournament --games 300 --heuristics rs,pp,degree+longestpath --threads 2
