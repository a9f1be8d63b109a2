/**
 * The ingestion queue's live progress in Hindi (the Pending Data screen's Processing panel: counts,
 * crawls, items in work with their stage, the next run), spread into the admin screens' words
 * (hiAdmin.ts).
 */
export const progressHi: Record<string, string> = {
  Processing: 'प्रोसेसिंग',
  'The processing state could not be read.': 'प्रोसेसिंग की स्थिति पढ़ी नहीं जा सकी।',
  Crawling: 'क्रॉल हो रहा है:',
  '{{found}} page found, {{fetched}} fetched.': '{{found}} पेज मिला, {{fetched}} लाए गए।',
  '{{found}} pages found, {{fetched}} fetched.': '{{found}} पेज मिले, {{fetched}} लाए गए।',
  '{{pending}} pending, {{started}} started, {{completed}} done, {{failed}} failed.':
    '{{pending}} लंबित, {{started}} शुरू, {{completed}} पूरे, {{failed}} विफल।',
  'Scheduled processing runs every {{minutes}}.': 'तय प्रोसेसिंग हर {{minutes}} में चलती है।',
  'Processing runs only when it is started with (Force) Process Now.':
    'प्रोसेसिंग तभी चलती है जब उसे (फ़ोर्स) अभी प्रोसेस करें से शुरू किया जाए।',
  'in less than a minute': 'एक मिनट से कम में',
  'in {{minutes}}': '{{minutes}} में',
  'Next scheduled run: {{time}} ({{when}}).': 'अगली तय प्रोसेसिंग: {{time}} ({{when}})।',
  '1 minute': '1 मिनट',
  '{{n}} minutes': '{{n}} मिनट',
  '1 second': '1 सेकंड',
  '{{n}} seconds': '{{n}} सेकंड',
  'About {{time}} left.': 'लगभग {{time}} बाकी।',
  Reading: 'पढ़ा जा रहा है:',
  Fetching: 'लाया जा रहा है:',
  Embedding: 'एम्बेड हो रहा है:',
  Saving: 'सहेजा जा रहा है:',
  '{{stage}} {{name}} ({{source}}): page {{done}} of {{total}}.':
    '{{stage}} {{name}} ({{source}}): {{total}} में से {{done}} पेज।',
  '{{stage}} {{name}} ({{source}}): {{done}} of {{total}} passages.':
    '{{stage}} {{name}} ({{source}}): {{total}} में से {{done}} अंश।',
  'Reading {{name}} ({{source}}).': '{{name}} ({{source}}) पढ़ा जा रहा है।',
  'Fetching {{name}} ({{source}}).': '{{name}} ({{source}}) लाया जा रहा है।',
  'Crawling {{name}} ({{source}}).': '{{name}} ({{source}}) क्रॉल हो रहा है।',
  'Embedding {{name}} ({{source}}).': '{{name}} ({{source}}) एम्बेड हो रहा है।',
  'Saving {{name}} ({{source}}).': '{{name}} ({{source}}) सहेजा जा रहा है।',
};
