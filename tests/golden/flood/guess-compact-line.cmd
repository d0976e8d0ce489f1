flood solve -
