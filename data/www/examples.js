/* One example per family, from the project's own data (data/<game>/): the Example button
 * fills the puzzle box with it. */
'use strict';
window.gameoptExamples = {
  country: 'https://puzz.link/p?country/10/10/aiqqtlterrenlnbb9a3btscr9ejpeir67nqo4h3g24k3g2i2g421g2h3g31g',
  flow: 'B.R..\nG..Y.\n.....\n.BYRG\n.....\n',
  flood: '155332524351\n345111522341\n422102035153\n202455130435\n542521551303\n332440131354\n' +
         '202235005103\n332531345311\n155332033023\n012155225334\n045031052555\n501552545143\n',
  /* Verb families: the question's verb and options (the seed's Montreal upgrade; a game of
   * Thurn & Taxis played by the md heuristic). */
  tokens: { verb: 'upgrade', options: { from: '1867:L12', tokens: '0:LPS,1:QLS', to: 'X2' } },
  taxis: { verb: 'play', options: { heuristic: 'md', seed: 3 } },
};
