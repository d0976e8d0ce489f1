/* One example per family, from the project's own data (data/<game>/): the Example button
 * fills the puzzle box with it. */
'use strict';
window.gameoptExamples = {
  country: 'https://puzz.link/p?country/10/10/aiqqtlterrenlnbb9a3btscr9ejpeir67nqo4h3g24k3g2i2g421g2h3g31g',
  flow: 'B.R..\nG..Y.\n.....\n.BYRG\n.....\n',
  flood: '155332524351\n345111522341\n422102035153\n202455130435\n542521551303\n332440131354\n' +
         '202235005103\n332531345311\n155332033023\n012155225334\n045031052555\n501552545143\n',
  /* routes: a verb family (no board to play on); the bundled 1889 late position
   * (data/routes/1889-late.txt) solved */
  routes: { verb: 'solve', input: 'game 1889\nname 1889 late\nphase D\ncompany IR\ntrains 6 D\nD3 16@4\nH3 41@4\nJ3 19@5\nB5 16@3\nC8 19\nE8 16@2\nI8 16@1\nI10 16@5\nF3 611@5 tokens:0:D\nG4 611@4\nH7 611@3 tokens:0:G\nA10 448@2 tokens:0:G\nJ11 448 tokens:0:H\nG12 448@3\nE2 448@4 tokens:0:IR,0:D\nI2 448@4 tokens:0:IR\nK8 448@1 tokens:0:E\nC10 448@1\nJ5 437@2\nB11 3@3\nG10 437\nI12 3@3\nJ9 58@4\nK6 24@3\nH5 46@2\nI6 16\nE4 46@4\nD5 16@1\nF5 16@3\nC6 19\nE6 41\nG6 42@3\nD7 23@1\nF7 46@3\nA8 29@4\nG8 16@1\nB9 16@5\nH9 16@3\nH11 47\nH13 29@1\nI4 492@3 tokens:0:H\nC4 611@4 tokens:0:B,0:C\nK4 466 tokens:0:C,0:D\nB7 tokens:0:IR\nF9 465@2 tokens:0:E\n' },
  /* Verb families: the question's verb and options (the seed's Montreal upgrade; a game of
   * Thurn & Taxis played by the md heuristic). */
  tokens: { verb: 'upgrade', options: { from: '1867:L12', tokens: '0:LPS,1:QLS', to: 'X2' } },
  taxis: { verb: 'play', options: { heuristic: 'md', seed: 3 } },
};
