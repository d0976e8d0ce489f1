# `use` in a catalogue resolves against the catalogue's folder, not the working folder (issue 37 item 6): run from the source root, mine.txt takes base.txt and more/nested.txt beside it, nested.txt takes deeper.txt beside itself, and `use standard` is still the bundled set. Before: "cannot use 'base.txt': cannot open"
tokens show --catalog tests/data/tokens/use/mine.txt B57 N14 15 M1
