country check -
