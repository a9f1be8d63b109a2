/** Every user-visible sentence that SPEC.md words; both the forms and the server use these. */
export const messages = {
  emailOrPhone: 'Please enter a valid email address or phone number',
  password: 'Password must be at least 8 characters long',
  name: 'Please enter a valid name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  confirmPassword: 'Passwords do not match',
  emailOrPhoneRequired: 'Please enter an email address or phone number',
  otp: 'Please enter a valid OTP',
  otpSendFailed: 'Failed to send OTP. Please try again.',
  blobFetchFailed: 'Failed to fetch blob data',
  notFoundTitle: '404: Not Found',
  notFoundBody: "It's gone :(",
  addSourceInvalid: 'Please enter a valid source name and select a project.',
  sourceIdMissing: 'Source ID is missing.',
  addDataIncomplete: 'Please fill all the required fields',
  selectSource: 'Please select a data source',
  selectFiles: 'Please select at least one file to upload',
  oneBulkFile: 'Please select only one CSV file.',
} as const;

/** SPEC §5: more files than the configured maximum. */
export const tooManyFilesMessage = (max: number) => `You can only upload up to ${max} files at a time.`;

/** Server sentences SPEC.md leaves to us (DECISIONS §3: a human sentence for every error). */
export const serverMessages = {
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  unsupportedMediaType: 'The request must be sent as JSON.',
  notSignedIn: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  foreignOrigin: 'This request came from another site and was refused.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  /** Every channel's answer when answering fails (the chat, WhatsApp, the project API). */
  answerFailed: 'Something went wrong while answering. Please try again.',
  wrongCredentials: 'The email, phone number or password is incorrect.',
  userBlocked: 'This account has been blocked. Please contact the DISH team.',
  userInactive: 'This account is not active. Please contact the DISH team.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many accounts were created from this network. Please try again in an hour.',
  otpResendTooSoon: 'Please wait 30 seconds before asking for another code.',
  otpWrong: 'The code is incorrect.',
  otpExpired: 'The code has expired. Please ask for a new one.',
  otpTooManyTries: 'Too many wrong codes. Please ask for a new one.',
  otpNone: 'There is no code for this account. Please ask for one first.',
  projectForbidden: 'You are not an admin of this project.',
  sourceNotFound: 'That source does not exist.',
  sourceNameTaken: 'A source with this name already exists in this project.',
  userNotFound: 'That user does not exist.',
  cannotBlockSelf: 'You cannot block your own account.',
  cannotDemoteSelf: 'You cannot remove your own admin rights.',
  lastSuperAdmin: 'This is the last super admin; make another super admin first.',
  sourceDisabled: 'That source is disabled. Enable it before adding data to it.',
  fileNameMissing: 'Each file must have a name.',
} as const;
