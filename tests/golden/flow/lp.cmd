flow lp -
