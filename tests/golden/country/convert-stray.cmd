country convert --to text -
