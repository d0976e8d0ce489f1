country convert --to url 'http://pzv.jp/p.html?country_edit/5/5/amda0uf02h12h'
