# compact boards are square
flood convert --to compact -
