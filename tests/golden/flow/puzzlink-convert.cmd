flow convert --to puzzlink -
