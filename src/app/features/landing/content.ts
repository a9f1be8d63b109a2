/** The words of the landing page (SPEC §1), kept apart from its layout. */
export const claims = [
  { figure: '98%', label: 'information accuracy' },
  { figure: '60+', label: 'accessibility experts' },
];

export const steps = [
  { title: 'Open an account', text: 'Register with your email address or phone number. It takes a minute.' },
  { title: 'Enter your problem', text: 'Ask in plain language, by typing or by recording your voice.' },
  {
    title: 'Get trusted solutions',
    text: 'Answers come only from a knowledge base of assistive solutions reviewed by experts.',
  },
];

export const partners = [
  'Disability rights organisations',
  'Universities and research labs',
  'Assistive technology makers',
  'Special schools and teachers',
  'Rehabilitation centres',
  'Community volunteers',
];

export const faqs = [
  {
    question: 'Who can use DISH?',
    answer:
      'Anyone: people with disabilities, their families, teachers, therapists and everyone who supports them. It is free.',
  },
  {
    question: 'Where do the answers come from?',
    answer:
      'Only from a curated knowledge base of web pages, videos and documents about assistive solutions. DISH does not make up answers; when it finds nothing relevant it says so.',
  },
  {
    question: 'Can I ask by voice?',
    answer:
      'Yes. Press and hold the microphone button to record your question, and DISH can answer with audio too.',
  },
  {
    question: 'Does it work with a screen reader or a keyboard alone?',
    answer: 'Yes. Every screen is built to work with screen readers, keyboards and switch access.',
  },
];
