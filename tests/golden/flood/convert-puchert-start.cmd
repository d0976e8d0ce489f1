# a start other than the top-left corner: puchert holds it, the others refuse
flood convert --to puchert --start m data/flood/example.txt
