taxis experiment table1 --c 50
