taxis ideal --output /nonexistent-dir/ideal.txt
