# a 3-D contest board: only adc holds layers
flow convert --to samgoldman -
