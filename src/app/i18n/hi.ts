/**
 * The interface in Hindi (issue 14 item 7): English sentence → Hindi sentence. The English is the
 * key, exactly as the screens and SPEC word it (tests/unit/app/i18n checks that every sentence the
 * user screens pass to t() is here, with the same {{placeholders}}). Loaded only when Hindi is chosen.
 * DISH, OTP and WhatsApp stay as they are: they are names people know.
 */
import { answerActionText } from '../../shared/chat/feedback';
import { RELOAD_MESSAGE } from '../../shared/chat/protocol';
import { VOICE_UNAVAILABLE_MESSAGE } from '../../shared/chat/voice';
import { messages, serverMessages } from '../../shared/messages';
import { adminHi } from './hiAdmin';

const sharedMessages: Record<string, string> = {
  [messages.emailOrPhone]: 'कृपया मान्य ईमेल पता या फ़ोन नंबर दर्ज करें',
  [messages.password]: 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए',
  [messages.name]: 'कृपया मान्य नाम दर्ज करें',
  [messages.email]: 'कृपया मान्य ईमेल पता दर्ज करें',
  [messages.phone]: 'कृपया मान्य फ़ोन नंबर दर्ज करें',
  [messages.confirmPassword]: 'पासवर्ड मेल नहीं खाते',
  [messages.emailOrPhoneRequired]: 'कृपया ईमेल पता या फ़ोन नंबर दर्ज करें',
  [messages.otp]: 'कृपया मान्य OTP दर्ज करें',
  [messages.otpSendFailed]: 'OTP नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  [messages.notFoundTitle]: '404: पेज नहीं मिला',
  [messages.notFoundBody]: 'यह पेज अब यहाँ नहीं है :(',
  [serverMessages.invalidJson]: 'अनुरोध सही JSON में नहीं है।',
  [serverMessages.bodyTooLarge]: 'अनुरोध बहुत बड़ा है।',
  [serverMessages.notSignedIn]: 'जारी रखने के लिए कृपया साइन इन करें।',
  [serverMessages.forbidden]: 'आपको यह करने की अनुमति नहीं है।',
  [serverMessages.notFound]: 'नहीं मिला।',
  [serverMessages.internal]: 'हमारी ओर से कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  [serverMessages.wrongCredentials]: 'ईमेल, फ़ोन नंबर या पासवर्ड गलत है।',
  [serverMessages.fileNameMissing]: 'हर फ़ाइल का एक नाम होना चाहिए।',
  [serverMessages.userBlocked]: 'इस खाते को ब्लॉक कर दिया गया है। कृपया DISH टीम से संपर्क करें।',
  [serverMessages.userInactive]: 'यह खाता सक्रिय नहीं है। कृपया DISH टीम से संपर्क करें।',
  [serverMessages.tooManyAttempts]: 'बहुत अधिक प्रयास हुए। कृपया कुछ मिनट रुककर फिर से कोशिश करें।',
  [serverMessages.tooManyRegistrations]: 'इस नेटवर्क से बहुत सारे खाते बनाए गए। कृपया एक घंटे बाद फिर से कोशिश करें।',
  [serverMessages.otpResendTooSoon]: 'नया कोड माँगने से पहले कृपया 30 सेकंड रुकें।',
  [serverMessages.otpWrong]: 'कोड गलत है।',
  [serverMessages.otpExpired]: 'कोड की समय-सीमा समाप्त हो गई है। कृपया नया कोड माँगें।',
  [serverMessages.otpTooManyTries]: 'बहुत अधिक गलत कोड डाले गए। कृपया नया कोड माँगें।',
  [serverMessages.otpNone]: 'इस खाते के लिए कोई कोड नहीं है। कृपया पहले कोड माँगें।',
  'DISH cannot be reached right now. Please check your connection and try again.':
    'अभी DISH तक नहीं पहुँचा जा सकता। कृपया अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
};

const answerActions: Record<string, string> = {
  [answerActionText.copy]: 'उत्तर कॉपी करें',
  [answerActionText.copied]: 'उत्तर कॉपी हो गया।',
  [answerActionText.copyRefused]:
    'उत्तर कॉपी नहीं हो सका: इस ब्राउज़र ने इसकी अनुमति नहीं दी। कृपया टेक्स्ट चुनकर कॉपी करें।',
  [answerActionText.helpfulQuestion]: 'क्या यह उपयोगी था?',
  [answerActionText.yes]: 'हाँ',
  [answerActionText.no]: 'नहीं',
  [answerActionText.yesLabel]: 'हाँ, यह उपयोगी था',
  [answerActionText.noLabel]: 'नहीं, यह उपयोगी नहीं था',
  [answerActionText.comment]: 'टिप्पणी (वैकल्पिक)',
  [answerActionText.sendComment]: 'टिप्पणी भेजें',
  [answerActionText.thanks]: 'आपकी प्रतिक्रिया के लिए धन्यवाद।',
  [answerActionText.commentSaved]: 'धन्यवाद, आपकी टिप्पणी सहेज ली गई।',
  [answerActionText.listen]: 'उत्तर सुनें',
  [answerActionText.listenShort]: 'सुनें',
  [answerActionText.preparing]: 'बोला गया उत्तर तैयार हो रहा है…',
  [answerActionText.playing]: 'बोला गया उत्तर चल रहा है।',
  [answerActionText.failed]: 'यह नहीं हो सका। कृपया अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
  'There is no answer to listen to.': 'सुनने के लिए कोई उत्तर नहीं है।',
  'That question does not exist.': 'यह प्रश्न मौजूद नहीं है।',
  Copy: 'कॉपी',
  'Spoken answer': 'बोला गया उत्तर',
};

const frame: Record<string, string> = {
  'Change language to': 'भाषा बदलें:',
  'DISH home': 'DISH होम',
  'Skip to main content': 'मुख्य सामग्री पर जाएँ',
  Main: 'मुख्य',
  'About Us': 'हमारे बारे में',
  'Partner with us': 'हमारे साथ जुड़ें',
  Loading: 'लोड हो रहा है',
  Logout: 'लॉग आउट',
  'Chat with us': 'हमसे चैट करें',
  ' (opens WhatsApp in a new tab)': ' (नए टैब में WhatsApp खुलेगा)',
  ' (opens in a new tab)': ' (नए टैब में खुलेगा)',
  'You are offline. DISH will reconnect by itself when the server can be reached.':
    'आप ऑफ़लाइन हैं। सर्वर से संपर्क होते ही DISH अपने-आप फिर से जुड़ जाएगा।',
  'A new version of DISH is ready.': 'DISH का नया संस्करण तैयार है।',
  Reload: 'फिर से लोड करें',
  'Go to the home page': 'होम पेज पर जाएँ',
};

const landing: Record<string, string> = {
  'Disability Innovation Solutions Hub': 'डिसेबिलिटी इनोवेशन सॉल्यूशंस हब',
  'Find assistive solutions that work for you': 'अपने लिए काम करने वाले सहायक समाधान खोजें',
  'DISH is a nonprofit hub that gathers assistive solutions for people with disabilities, creates them with the community and shares them. Ask a question in plain language and get an answer reviewed by experts.':
    'DISH एक गैर-लाभकारी हब है जो दिव्यांग लोगों के लिए सहायक समाधान इकट्ठा करता है, समुदाय के साथ मिलकर उन्हें बनाता है और सबके साथ साझा करता है। सरल भाषा में प्रश्न पूछें और विशेषज्ञों द्वारा जाँचा गया उत्तर पाएँ।',
  'Get Started': 'शुरू करें',
  'Log in': 'लॉग इन करें',
  'DISH in numbers': 'आँकड़ों में DISH',
  'information accuracy': 'जानकारी की सटीकता',
  'accessibility experts': 'सुगम्यता विशेषज्ञ',
  'The Disability Innovation Solutions Hub brings together people with disabilities, their families and the experts around them. Answers are expert-reviewed and free of invented content: every answer is drawn from a curated knowledge base of web pages, videos, PDFs and documents, and links back to its sources.':
    'डिसेबिलिटी इनोवेशन सॉल्यूशंस हब दिव्यांग लोगों, उनके परिवारों और उनके आसपास के विशेषज्ञों को एक साथ लाता है। उत्तर विशेषज्ञों द्वारा जाँचे जाते हैं और उनमें कुछ भी मनगढ़ंत नहीं होता: हर उत्तर वेब पेजों, वीडियो, PDF और दस्तावेज़ों के चुने हुए ज्ञानकोष से लिया जाता है और अपने स्रोतों के लिंक देता है।',
  'How it works': 'यह कैसे काम करता है',
  'Open an account': 'खाता खोलें',
  'Register with your email address or phone number. It takes a minute.':
    'अपने ईमेल पते या फ़ोन नंबर से पंजीकरण करें। इसमें बस एक मिनट लगता है।',
  'Enter your problem': 'अपनी समस्या लिखें',
  'Ask in plain language, by typing or by recording your voice.':
    'सरल भाषा में पूछें, लिखकर या अपनी आवाज़ रिकॉर्ड करके।',
  'Get trusted solutions': 'भरोसेमंद समाधान पाएँ',
  'Answers come only from a knowledge base of assistive solutions reviewed by experts.':
    'उत्तर केवल विशेषज्ञों द्वारा जाँचे गए सहायक समाधानों के ज्ञानकोष से आते हैं।',
  'Our partners': 'हमारे साझेदार',
  'Disability rights organisations': 'दिव्यांग अधिकार संगठन',
  'Universities and research labs': 'विश्वविद्यालय और शोध प्रयोगशालाएँ',
  'Assistive technology makers': 'सहायक तकनीक बनाने वाले',
  'Special schools and teachers': 'विशेष विद्यालय और शिक्षक',
  'Rehabilitation centres': 'पुनर्वास केंद्र',
  'Community volunteers': 'समुदाय के स्वयंसेवक',
  'Do you build, teach or research assistive solutions? Share your knowledge with the people who need it. Write to us at':
    'क्या आप सहायक समाधान बनाते हैं, सिखाते हैं या उन पर शोध करते हैं? अपना ज्ञान उन लोगों के साथ साझा करें जिन्हें इसकी ज़रूरत है। हमें लिखें:',
  'Frequently asked questions': 'अक्सर पूछे जाने वाले प्रश्न',
  'Who can use DISH?': 'DISH का उपयोग कौन कर सकता है?',
  'Anyone: people with disabilities, their families, teachers, therapists and everyone who supports them. It is free.':
    'कोई भी: दिव्यांग लोग, उनके परिवार, शिक्षक, थेरेपिस्ट और उनका साथ देने वाला हर व्यक्ति। यह निःशुल्क है।',
  'Where do the answers come from?': 'उत्तर कहाँ से आते हैं?',
  'Only from a curated knowledge base of web pages, videos and documents about assistive solutions. DISH does not make up answers; when it finds nothing relevant it says so.':
    'केवल सहायक समाधानों के बारे में वेब पेजों, वीडियो और दस्तावेज़ों के चुने हुए ज्ञानकोष से। DISH उत्तर गढ़ता नहीं है; जब उसे कुछ काम का नहीं मिलता, तो वह साफ़ बता देता है।',
  'Can I ask by voice?': 'क्या बोलकर भी पूछा जा सकता है?',
  'Yes. Press and hold the microphone button to record your question, and DISH can answer with audio too.':
    'हाँ। अपना प्रश्न रिकॉर्ड करने के लिए माइक्रोफ़ोन बटन दबाकर रखें, और DISH आवाज़ में भी उत्तर दे सकता है।',
  'Does it work with a screen reader or a keyboard alone?': 'क्या यह स्क्रीन रीडर या केवल कीबोर्ड से काम करता है?',
  'Yes. Every screen is built to work with screen readers, keyboards and switch access.':
    'हाँ। हर स्क्रीन स्क्रीन रीडर, कीबोर्ड और स्विच एक्सेस के साथ काम करने के लिए बनाई गई है।',
  Privacy: 'गोपनीयता',
  'We keep your name, contact details and the questions you ask, to answer them and to improve the knowledge base. Experts of the hub review questions and answers. We never sell your data.':
    'हम आपका नाम, संपर्क विवरण और आपके पूछे गए प्रश्न रखते हैं, ताकि उनके उत्तर दे सकें और ज्ञानकोष को बेहतर बना सकें। हब के विशेषज्ञ प्रश्नों और उत्तरों की जाँच करते हैं। हम आपका डेटा कभी नहीं बेचते।',
  Terms: 'शर्तें',
  'Answers are information, not medical or legal advice. Use DISH respectfully; accounts that abuse it may be blocked.':
    'उत्तर केवल जानकारी हैं, चिकित्सा या कानूनी सलाह नहीं। DISH का सम्मान के साथ उपयोग करें; दुरुपयोग करने वाले खाते ब्लॉक किए जा सकते हैं।',
  Legal: 'कानूनी',
  'Privacy Policy': 'गोपनीयता नीति',
  'Terms of Use': 'उपयोग की शर्तें',
  '© 2024 Disability Innovation Solutions Hub. All rights reserved.':
    '© 2024 डिसेबिलिटी इनोवेशन सॉल्यूशंस हब। सर्वाधिकार सुरक्षित।',
};

const auth: Record<string, string> = {
  Login: 'लॉग इन',
  'Login via OTP': 'OTP से लॉग इन',
  'Login with password': 'पासवर्ड से लॉग इन',
  'Create an account': 'खाता बनाएँ',
  Register: 'पंजीकरण करें',
  'No account yet?': 'अभी तक खाता नहीं है?',
  'Already have an account?': 'क्या आपका पहले से खाता है?',
  'Sign in to ask about assistive solutions.': 'सहायक समाधानों के बारे में पूछने के लिए साइन इन करें।',
  'Email Or Phone': 'ईमेल या फ़ोन',
  Password: 'पासवर्ड',
  'Signing in…': 'साइन इन हो रहा है…',
  'We will send a one-time code to your email address or phone.':
    'हम आपके ईमेल पते या फ़ोन पर एक बार इस्तेमाल होने वाला कोड (OTP) भेजेंगे।',
  'Enter the 6-digit code we sent to {{contact}}. It works for 5 minutes.':
    '{{contact}} पर भेजा गया 6 अंकों का कोड दर्ज करें। यह 5 मिनट तक मान्य है।',
  'Sending…': 'भेजा जा रहा है…',
  'Send OTP': 'OTP भेजें',
  'A one-time code was sent.': 'एक बार इस्तेमाल होने वाला कोड भेज दिया गया।',
  OTP: 'OTP',
  '6 digits': '6 अंक',
  'Checking…': 'जाँच हो रही है…',
  'Verify OTP': 'OTP सत्यापित करें',
  'Send a new code': 'नया कोड भेजें',
  'Use another email or phone': 'कोई दूसरा ईमेल या फ़ोन इस्तेमाल करें',
  'Give us an email address, a phone number, or both.': 'हमें ईमेल पता, फ़ोन नंबर, या दोनों दें।',
  Name: 'नाम',
  Email: 'ईमेल',
  Phone: 'फ़ोन',
  '10 digits': '10 अंक',
  'At least 8 characters': 'कम से कम 8 अक्षर',
  'Confirm Password': 'पासवर्ड की पुष्टि करें',
  'Creating your account…': 'आपका खाता बनाया जा रहा है…',
  'Your account is ready. Please sign in.': 'आपका खाता तैयार है। कृपया साइन इन करें।',
};

const dashboard: Record<string, string> = {
  Dashboard: 'डैशबोर्ड',
  "Let's start the conversation": 'आइए बातचीत शुरू करें',
  'Welcome, {{name}}.': 'स्वागत है, {{name}}।',
  'Suggested questions': 'सुझाए गए प्रश्न',
  'Your question': 'आपका प्रश्न',
  'Ask a question': 'प्रश्न पूछें',
  'Ask your question': 'अपना प्रश्न पूछें',
  'Press Enter to send. Alt+S starts a statistics question.':
    'भेजने के लिए Enter दबाएँ। Alt+S से आँकड़ों का प्रश्न शुरू होता है।',
  'send message button': 'संदेश भेजें बटन',
  'microphone button': 'माइक्रोफ़ोन बटन',
  'Hold to record a question of up to {{seconds}} seconds and release to send, or press once to start and again to send. Escape cancels.':
    '{{seconds}} सेकंड तक का प्रश्न रिकॉर्ड करने के लिए दबाकर रखें और भेजने के लिए छोड़ दें, या शुरू करने के लिए एक बार और भेजने के लिए फिर से दबाएँ। Escape से रद्द होता है।',
  [VOICE_UNAVAILABLE_MESSAGE]: 'अभी बोलकर प्रश्न नहीं पूछे जा सकते। आप अपना प्रश्न लिख सकते हैं।',
  'Microphone ready. Hold the microphone button while you speak, or press it to start and again to send.':
    'माइक्रोफ़ोन तैयार है। बोलते समय माइक्रोफ़ोन बटन दबाकर रखें, या शुरू करने के लिए दबाएँ और भेजने के लिए फिर से दबाएँ।',
  'Recording. Release the button to send.': 'रिकॉर्डिंग हो रही है। भेजने के लिए बटन छोड़ दें।',
  'Recording. Press the microphone button again to send.':
    'रिकॉर्डिंग हो रही है। भेजने के लिए माइक्रोफ़ोन बटन फिर से दबाएँ।',
  'Recording stopped. Sending your question.': 'रिकॉर्डिंग रुक गई। आपका प्रश्न भेजा जा रहा है।',
  'Recording stopped at 30 seconds. Sending your question.':
    'रिकॉर्डिंग 30 सेकंड पर रुक गई। आपका प्रश्न भेजा जा रहा है।',
  'Recording cancelled.': 'रिकॉर्डिंग रद्द कर दी गई।',
};

const chat: Record<string, string> = {
  Chat: 'चैट',
  'Chat connection: ': 'चैट कनेक्शन: ',
  'Connecting…': 'जुड़ रहा है…',
  Connected: 'जुड़ा हुआ',
  'Reconnecting…': 'फिर से जुड़ रहा है…',
  'Needs a reload': 'पेज फिर से लोड करना होगा',
  [RELOAD_MESSAGE]: 'DISH अपडेट हो गया है। चैट जारी रखने के लिए कृपया पेज फिर से लोड करें।',
  Offline: 'ऑफ़लाइन',
  'Sending your question…': 'आपका प्रश्न भेजा जा रहा है…',
  'Ask a question to start the conversation.': 'बातचीत शुरू करने के लिए प्रश्न पूछें।',
  Conversation: 'बातचीत',
  'You asked: ': 'आपने पूछा: ',
  'DISH answered: ': 'DISH का उत्तर: ',
  'Your recorded question': 'आपका रिकॉर्ड किया गया प्रश्न',
  'Audio message Error': 'ऑडियो संदेश में त्रुटि',
  'YouTube video': 'YouTube वीडियो',
  'Watch on YouTube': 'YouTube पर देखें',
  Done: 'पूरा हुआ',
  'Not done': 'पूरा नहीं हुआ',
  'Your question was not sent: the chat is not connected. Please try again.':
    'आपका प्रश्न नहीं भेजा गया: चैट जुड़ी हुई नहीं है। कृपया फिर से कोशिश करें।',
  'New conversation': 'नई बातचीत',
  'New conversation started.': 'नई बातचीत शुरू हो गई।',
  'Earlier conversations': 'पिछली बातचीत',
  'Your conversations': 'आपकी बातचीत',
  'Loading...': 'लोड हो रहा है...',
  'You have no conversations yet.': 'अभी तक आपकी कोई बातचीत नहीं है।',
  'Empty conversation': 'खाली बातचीत',
  '(shown now)': '(अभी दिखाई जा रही)',
  'Conversation opened: {{title}}': 'बातचीत खोली गई: {{title}}',
  Delete: 'हटाएँ',
  'Delete conversation: {{title}}': 'बातचीत हटाएँ: {{title}}',
  'Conversation deleted.': 'बातचीत हटा दी गई।',
  'That did not work. Please check your connection and try again.':
    'यह नहीं हो सका। कृपया अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
  'You are offline: this is your conversation as this device last saw it. A question you type waits in the box until DISH can be reached.':
    'आप ऑफ़लाइन हैं: यह आपकी बातचीत है, जैसी इस डिवाइस ने आख़िरी बार देखी थी। आप जो प्रश्न लिखेंगे, वह DISH से संपर्क होने तक बॉक्स में रुका रहेगा।',
  'Your question is waiting in the box. It will be offered for sending when you are back online.':
    'आपका प्रश्न बॉक्स में रुका हुआ है। आपके फिर से ऑनलाइन होने पर उसे भेजने के लिए पूछा जाएगा।',
  'You are back online. Send the question you typed while offline?':
    'आप फिर से ऑनलाइन हैं। क्या ऑफ़लाइन रहते समय लिखा गया प्रश्न भेजें?',
  'Send it now': 'अभी भेजें',
  'Not now': 'अभी नहीं',
  // The server's progress notes and refusals, shown as they come.
  'Reading your question…': 'आपका प्रश्न पढ़ा जा रहा है…',
  'Searching the knowledge base…': 'ज्ञानकोष में खोजा जा रहा है…',
  'Writing the answer…': 'उत्तर लिखा जा रहा है…',
  'Listening to your question…': 'आपका प्रश्न सुना जा रहा है…',
  'Writing down your question…': 'आपका प्रश्न लिखा जा रहा है…',
  'Speaking the answer…': 'उत्तर बोला जा रहा है…',
  'Many people are asking right now; your question is in line…': 'अभी बहुत से लोग पूछ रहे हैं; आपका प्रश्न कतार में है…',
  'Please wait for the answer to your last question before asking another.':
    'कृपया दूसरा प्रश्न पूछने से पहले अपने पिछले प्रश्न के उत्तर की प्रतीक्षा करें।',
  'You are asking very quickly. Please wait a minute and ask again.':
    'आप बहुत जल्दी-जल्दी पूछ रहे हैं। कृपया एक मिनट रुककर फिर से पूछें।',
  'You are signed out. Please sign in again to ask.': 'आप साइन आउट हो गए हैं। पूछने के लिए कृपया फिर से साइन इन करें।',
  'This account cannot ask in that project.': 'यह खाता उस प्रोजेक्ट में प्रश्न नहीं पूछ सकता।',
  'DISH is restarting. Please ask your question again in a moment.':
    'DISH फिर से शुरू हो रहा है। कृपया थोड़ी देर में अपना प्रश्न फिर से पूछें।',
  'Something went wrong while answering. Please try again.':
    'उत्तर देते समय कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'The question is empty.': 'प्रश्न खाली है।',
  'No recording arrived with the voice question. Please record it again.':
    'बोले गए प्रश्न के साथ कोई रिकॉर्डिंग नहीं पहुँची। कृपया उसे फिर से रिकॉर्ड करें।',
  'I could not hear anything in the recording. Please try again, closer to the microphone.':
    'मुझे रिकॉर्डिंग में कुछ सुनाई नहीं दिया। कृपया माइक्रोफ़ोन के पास आकर फिर से कोशिश करें।',
  'I could not make out any words in the recording. Please try again, closer to the microphone.':
    'मैं रिकॉर्डिंग में कोई शब्द समझ नहीं पाया। कृपया माइक्रोफ़ोन के पास आकर फिर से कोशिश करें।',
  'Speech recognition failed. Please try again in a moment, or type your question.':
    'आवाज़ पहचानने में गड़बड़ हुई। कृपया थोड़ी देर में फिर से कोशिश करें, या अपना प्रश्न लिखें।',
  'Many people are asking by voice right now. Please try again in a minute, or type your question.':
    'अभी बहुत से लोग बोलकर पूछ रहे हैं। कृपया एक मिनट में फिर से कोशिश करें, या अपना प्रश्न लिखें।',
};

export const hi: Record<string, string> = {
  // First, so that a word both kinds of screen show keeps the user screens' Hindi.
  ...adminHi,
  ...sharedMessages,
  ...answerActions,
  ...frame,
  ...landing,
  ...auth,
  ...dashboard,
  ...chat,
};
