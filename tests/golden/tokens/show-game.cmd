tokens show 1861
