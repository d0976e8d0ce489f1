tokens show 1830
