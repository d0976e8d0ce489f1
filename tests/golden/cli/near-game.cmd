flod solve
