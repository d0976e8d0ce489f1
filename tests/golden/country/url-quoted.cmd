country convert --to url -
