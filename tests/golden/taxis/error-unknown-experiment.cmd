taxis experiment table2
