flood solve no/such/file.txt
