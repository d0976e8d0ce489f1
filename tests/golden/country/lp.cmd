country lp -
