/**
 * The review screens of issue 33 in Hindi (the Questions tab's review, the write form, Reviewed
 * answers and Knowledge gaps), spread into the admin screens' words (hiAdmin.ts). The shared
 * rules' messages are keys by reference; the screens' own are written out, and
 * tests/unit/app/i18n/hi.test.ts checks that every one the screens use is here.
 */
import { MISSING, URL_FORMAT_MESSAGE } from '../../shared/admin/add-data-rules';
import { MAX_REVIEWED_QUESTIONS, MAX_REVIEWED_SOURCES, reviewedMessages } from '../../shared/admin/reviewed';

/** The shared rules of a reviewed answer, by reference. */
const rules: Record<string, string> = {
  [reviewedMessages.questionEmpty]: 'एक प्रश्न ख़ाली है।',
  [reviewedMessages.questionTooLong]: 'एक प्रश्न बहुत लंबा है (अधिकतम 2,000 अक्षर)।',
  [reviewedMessages.languageCode]: 'भाषा दो अक्षरों का कोड होती है, जैसे en या hi।',
  [reviewedMessages.answerTooLong]: 'उत्तर बहुत लंबा है (अधिकतम 20,000 अक्षर)।',
  [reviewedMessages.noAnswer]: 'कृपया उत्तर लिखें।',
  [reviewedMessages.noProject]: 'कृपया एक प्रोजेक्ट चुनें।',
  [reviewedMessages.noQuestion]: 'कृपया वह प्रश्न दें जिसका यह उत्तर है।',
  [reviewedMessages.tooManyQuestions]: `एक उत्तर के अधिकतम ${MAX_REVIEWED_QUESTIONS} प्रश्न हो सकते हैं।`,
  [reviewedMessages.tooManySources]: `एक उत्तर के अधिकतम ${MAX_REVIEWED_SOURCES} स्रोत हो सकते हैं।`,
  [MISSING.url]: 'कृपया URL दर्ज करें।',
  [URL_FORMAT_MESSAGE]: 'URL http:// या https:// से शुरू होना चाहिए।',
};

/** The tabs, the question's review in View Details, and the toasts. */
const review: Record<string, string> = {
  'Reviewed answers': 'जाँचे गए उत्तर',
  'Answers your team approved or wrote, given first to every question of the same meaning.':
    'आपकी टीम के स्वीकृत या लिखे उत्तर, जो उसी अर्थ के हर प्रश्न को सबसे पहले दिए जाते हैं।',
  'Knowledge gaps': 'ज्ञान की कमियाँ',
  'What people asked and did not get, grouped by meaning, with the figures of the period.':
    'लोगों ने क्या पूछा और उन्हें नहीं मिला, अर्थ के अनुसार समूहों में, अवधि के आँकड़ों के साथ।',
  Review: 'समीक्षा',
  'Not reviewed': 'समीक्षा नहीं हुई',
  'Approved on {{date}}': '{{date}} को स्वीकृत',
  'Right answer written on {{date}}': '{{date}} को सही उत्तर लिखा गया',
  'Marked as needing content': 'सामग्री की ज़रूरत के रूप में चिह्नित',
  'Dismissed from the gaps': 'कमियों से ख़ारिज',
  'Approve this answer': 'यह उत्तर स्वीकृत करें',
  'Write the right answer': 'सही उत्तर लिखें',
  'Needs content': 'सामग्री चाहिए',
  'This question got no answer to approve; write the right answer instead.':
    'इस प्रश्न को स्वीकृत करने लायक कोई उत्तर नहीं मिला; इसके बजाय सही उत्तर लिखें।',
  'Failed to approve: {{reason}}': 'स्वीकृत नहीं हो सका: {{reason}}',
  'Failed to mark the question: {{reason}}': 'प्रश्न चिह्नित नहीं हो सका: {{reason}}',
  'The answer is approved. Questions of the same meaning get it from now on.':
    'उत्तर स्वीकृत हो गया। अब से उसी अर्थ के प्रश्नों को यही मिलेगा।',
  'The reviewed answer is saved. Questions of the same meaning get it from now on.':
    'जाँचा गया उत्तर सहेज लिया गया। अब से उसी अर्थ के प्रश्नों को यही मिलेगा।',
  'The reviewed answer is changed.': 'जाँचा गया उत्तर बदल दिया गया।',
  'The answer is retired: it is no longer given.': 'उत्तर बंद कर दिया गया: अब यह नहीं दिया जाता।',
  'The answer is given again.': 'उत्तर फिर से दिया जाता है।',
  'The question is marked as needing content.': 'प्रश्न को सामग्री की ज़रूरत के रूप में चिह्नित किया गया।',
  'The question is no longer marked as needing content.': 'प्रश्न अब सामग्री की ज़रूरत के रूप में चिह्नित नहीं है।',
  'The questions are dismissed from the gaps.': 'प्रश्न कमियों से ख़ारिज कर दिए गए।',
};

/** The write form. */
const form: Record<string, string> = {
  'Write an answer': 'उत्तर लिखें',
  'Edit the reviewed answer': 'जाँचा गया उत्तर बदलें',
  'Project: {{project}}': 'प्रोजेक्ट: {{project}}',
  'Saving it takes the {{n}} questions of this gap out of the knowledge gaps.':
    'इसे सहेजने पर इस कमी के {{n}} प्रश्न ज्ञान की कमियों से हट जाते हैं।',
  'Questions it answers': 'जिन प्रश्नों का यह उत्तर है',
  'The first is the question as it was asked. Add other ways of asking it, in any language, so that they get this answer too.':
    'पहला प्रश्न वैसा है जैसा पूछा गया था। इसे पूछने के दूसरे तरीके, किसी भी भाषा में, जोड़ें ताकि उन्हें भी यही उत्तर मिले।',
  'Paraphrase {{n}}': 'दूसरा रूप {{n}}',
  'Remove the question': 'प्रश्न हटाएँ',
  'Remove paraphrase {{n}}': 'दूसरा रूप {{n}} हटाएँ',
  'Add a paraphrase': 'दूसरा रूप जोड़ें',
  'Write it in English, in Hindi, or in both; an asker in another language gets it with a line saying which language it is in. Markdown works as in the chat: **bold**, lists, links and tables.':
    'इसे अंग्रेज़ी, हिन्दी या दोनों में लिखें; किसी और भाषा में पूछने वाले को यह एक पंक्ति के साथ मिलता है जो बताती है कि यह किस भाषा में है। मार्कडाउन चैट की तरह काम करता है: **मोटे अक्षर**, सूचियाँ, लिंक और तालिकाएँ।',
  'Answer in English': 'अंग्रेज़ी में उत्तर',
  'Answer in Hindi': 'हिन्दी में उत्तर',
  'Answer in {{language}}': '{{language}} में उत्तर',
  Preview: 'पूर्वावलोकन',
  'Preview: {{label}}': 'पूर्वावलोकन: {{label}}',
  'Nothing written yet.': 'अभी कुछ नहीं लिखा गया।',
  Sources: 'स्रोत',
  'No sources yet. An answer may have none.': 'अभी कोई स्रोत नहीं। उत्तर बिना स्रोत के भी हो सकता है।',
  'Chosen sources': 'चुने गए स्रोत',
  '(an item of the data)': '(डेटा का एक आइटम)',
  '(a link)': '(एक लिंक)',
  'Remove source {{name}}': 'स्रोत हटाएँ: {{name}}',
  "Find an item of the project's data": 'प्रोजेक्ट के डेटा में आइटम खोजें',
  'Words of its title.': 'उसके शीर्षक के शब्द।',
  'Searching...': 'खोज हो रही है...',
  'The items could not be searched: {{reason}}': 'आइटम खोजे नहीं जा सके: {{reason}}',
  'No items found.': 'कोई आइटम नहीं मिला।',
  'The first {{n}} of {{total}} items found; more words find fewer.':
    '{{total}} में से पहले {{n}} आइटम मिले; ज़्यादा शब्दों से कम आइटम मिलते हैं।',
  '{{n}} items found.': '{{n}} आइटम मिले।',
  'Items found': 'मिले आइटम',
  Added: 'जोड़ा गया',
  'Or a link (URL)': 'या एक लिंक (URL)',
  'Title of the link (optional)': 'लिंक का शीर्षक (वैकल्पिक)',
  'Add the link': 'लिंक जोड़ें',
  'An answer has at most {{max}} sources.': 'एक उत्तर के अधिकतम {{max}} स्रोत हो सकते हैं।',
  'Please correct the fields marked below.': 'कृपया नीचे चिह्नित फ़ील्ड ठीक करें।',
  'Save the answer': 'उत्तर सहेजें',
  'Save the changes': 'बदलाव सहेजें',
  'Failed to save the answer: {{reason}}': 'उत्तर सहेजा नहीं जा सका: {{reason}}',
};

/** The Reviewed answers tab: its list, filters, export and import. */
const list: Record<string, string> = {
  'Search by words of a question or an answer.': 'किसी प्रश्न या उत्तर के शब्दों से खोजें।',
  Paraphrases: 'दूसरे रूप',
  Languages: 'भाषाएँ',
  Hits: 'बार दिया गया',
  'Last hit': 'आख़िरी बार दिया गया',
  'Reviewed by': 'जाँचने वाले',
  'Reviewed at': 'जाँच का समय',
  Retired: 'बंद',
  'Needs review': 'फिर से जाँच ज़रूरी',
  'All answers': 'सभी उत्तर',
  Edit: 'बदलें',
  Retire: 'देना बंद करें',
  'Bring back': 'वापस लाएँ',
  'Failed to change the answer: {{reason}}': 'उत्तर बदला नहीं जा सका: {{reason}}',
  Export: 'निर्यात करें',
  'Exported {{n}} reviewed answers to {{file}}.': '{{n}} जाँचे गए उत्तर {{file}} में निर्यात किए गए।',
  'Failed to export: {{reason}}': 'निर्यात नहीं हो सका: {{reason}}',
  'Import reviewed answers (a JSON file)': 'जाँचे गए उत्तर आयात करें (एक JSON फ़ाइल)',
  'A file exported from the Reviewed answers tab; its answers are added to {{project}}.':
    '"जाँचे गए उत्तर" टैब से निर्यात की गई फ़ाइल; इसके उत्तर {{project}} में जोड़े जाते हैं।',
  'Importing...': 'आयात हो रहा है...',
  '{{n}} reviewed answers added to {{project}}.': '{{project}} में {{n}} जाँचे गए उत्तर जोड़े गए।',
  'Failed to import: {{reason}}': 'आयात नहीं हो सका: {{reason}}',
  'This file is not JSON. Please choose a file exported from the Reviewed answers tab.':
    'यह फ़ाइल JSON नहीं है। कृपया "जाँचे गए उत्तर" टैब से निर्यात की गई फ़ाइल चुनें।',
  'This file is not an export of reviewed answers. Please choose a file exported from the Reviewed answers tab.':
    'यह फ़ाइल जाँचे गए उत्तरों का निर्यात नहीं है। कृपया "जाँचे गए उत्तर" टैब से निर्यात की गई फ़ाइल चुनें।',
  'Answer {{n}} of the file cannot be imported: {{reason}}':
    'फ़ाइल का उत्तर {{n}} आयात नहीं हो सकता: {{reason}}',
  'This file holds no reviewed answers.': 'इस फ़ाइल में कोई जाँचा गया उत्तर नहीं है।',
};

/** The Knowledge gaps tab: the period, the figures and the groups. */
const gaps: Record<string, string> = {
  'Period and project': 'अवधि और प्रोजेक्ट',
  From: 'से',
  To: 'तक',
  'The start date is after the end date.': 'शुरुआत की तारीख़ अंत की तारीख़ के बाद है।',
  'All your projects': 'आपके सभी प्रोजेक्ट',
  "The period's figures": 'अवधि के आँकड़े',
  'Could not load the figures: {{reason}}': 'आँकड़े लोड नहीं हो सके: {{reason}}',
  'Questions asked': 'पूछे गए प्रश्न',
  'Answered from reviewed answers': 'जाँचे गए उत्तरों से उत्तर दिए गए',
  'Answered by the composer': 'कंपोज़र ने उत्तर दिए',
  'Only the closest passage': 'केवल सबसे नज़दीकी अंश',
  Refused: 'मना किया गया',
  Failed: 'विफल',
  'Rated helpful': 'उपयोगी बताया गया',
  'Yes {{yes}} / No {{no}}': 'हाँ {{yes}} / नहीं {{no}}',
  'Reviewed answers approved': 'स्वीकृत जाँचे गए उत्तर',
  'No answers reviewed yet': 'अभी कोई उत्तर जाँचा नहीं गया',
  '{{approved}} of {{reviewed}} ({{percent}} %)': '{{reviewed}} में से {{approved}} ({{percent}} %)',
  'Questions people did not get an answer to': 'वे प्रश्न जिनका लोगों को उत्तर नहीं मिला',
  'Could not load the gaps: {{reason}}': 'कमियाँ लोड नहीं हो सकीं: {{reason}}',
  'No knowledge gaps in this period: every question got an answer that nobody rated as unhelpful.':
    'इस अवधि में ज्ञान की कोई कमी नहीं: हर प्रश्न को ऐसा उत्तर मिला जिसे किसी ने अनुपयोगी नहीं बताया।',
  '{{considered}} of {{total}} gap questions grouped (the newest).':
    'कमी वाले {{total}} में से {{considered}} प्रश्न समूहों में रखे गए (सबसे नए)।',
  '{{total}} gap questions in {{groups}} groups, the biggest first.':
    'कमी वाले {{total}} प्रश्न {{groups}} समूहों में, सबसे बड़ा पहले।',
  'Asked once': 'एक बार पूछा गया',
  'Asked {{n}} times': '{{n}} बार पूछा गया',
  'Languages: {{languages}}': 'भाषाएँ: {{languages}}',
  Examples: 'उदाहरण',
  'Rated not helpful': 'अनुपयोगी बताया गया',
  'Rated not helpful: “{{comment}}”': 'अनुपयोगी बताया गया: “{{comment}}”',
  'Add data': 'डेटा जोड़ें',
  Dismiss: 'ख़ारिज करें',
  'Failed to dismiss: {{reason}}': 'ख़ारिज नहीं हो सका: {{reason}}',
};

export const reviewHi: Record<string, string> = { ...rules, ...review, ...form, ...list, ...gaps };
