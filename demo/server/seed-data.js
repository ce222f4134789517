/**
 * Static material for the seed: business accounts, customer names in several scripts,
 * message phrases, and the scripted fixture chats that UI tests rely on.
 * Fixture message rows: [minutesAgo, author, text, extras?]; authors 0 operator, 1 client,
 * 2 bot, 3 messenger account, 4 undocumented.
 */

const DAY = 1440;

/** Business accounts (`photoAccount`, the `entityId` filter) per ChatSource. */
export const ACCOUNTS = /** @type {Record<number, { id: number, name: string, photo: string | null }[]>} */ ({
  0: [{ id: 100, name: 'Acme Store', photo: '/media/avatar/0.png' }],
  1: [{ id: 101, name: 'Acme Helper Bot', photo: '/media/avatar/1.png' }],
  2: [{ id: 102, name: 'Acme B Bot', photo: null }],
  3: [{ id: 103, name: 'Acme (channel 3)', photo: null }],
  4: [{ id: 104, name: 'acme.example site widget', photo: '/media/avatar/4.png' }],
  5: [{ id: 105, name: 'Acme @ MarketplaceA', photo: null }],
  6: [{ id: 106, name: 'Acme (channel 6)', photo: null }],
  7: [
    { id: 701, name: 'acme_official', photo: '/media/avatar/7.png' },
    { id: 702, name: 'acme_outlet', photo: '/media/avatar/8.png' },
  ],
  8: [{ id: 108, name: 'Acme @ MarketplaceB', photo: null }],
  9: [{ id: 109, name: 'Acme @ MarketplaceC', photo: null }],
});

export const OPERATORS = ['Olivia Operator', 'Омар Алиев', 'Olga Kowalska'];

/** Customers for filler chats: names in Latin, Cyrillic, Turkish, Greek, CJK, Arabic, emoji. */
export const CUSTOMER_NAMES = [
  'Liam Carter',
  'Emma Müller',
  'Lucas Silva',
  'Chloé Dubois',
  'Noah Williams',
  'Sofia Rossi',
  'Сергей Петров',
  'Анастасия Смирнова',
  'Тарас Шевченко',
  'Мария Кузнецова',
  'Іван Франко',
  'Çağla Şahin',
  'Gökhan Doğan',
  'İrem Güneş',
  'Ömer Çelik',
  '🚀 Max',
  'Kate 💜',
  '🐱',
  'Νίκος Γεωργίου',
  '王伟',
  'فاطمة الزهراء',
  'Oliver Jensen',
  'Isabella Costa',
  'Hannah Schneider',
  'Pedro Alves',
  'Yuki Tanaka',
  'Zoë Van der Berg',
];

export const CUSTOMER_PHRASES = [
  'Hello, where is my order?',
  'Can I change the delivery address?',
  'Do you have this in size M?',
  'Thanks a lot!',
  'Is the discount still valid?',
  'Здравствуйте, когда будет доставка?',
  'Спасибо, всё получил.',
  'Добрий день! Чи є знижка?',
  'Merhaba, siparişim nerede?',
  'Teşekkür ederim 🙏',
  'Hola, ¿tienen envío gratis?',
  'OK 👍',
  'The package arrived damaged 😞',
  'Can you send me the invoice again?',
  'Is anyone there?',
];

export const OPERATOR_PHRASES = [
  'Hello! Let me check that for you.',
  'Your order has been shipped.',
  'Yes, the discount is valid until Sunday.',
  'Sure, I have updated the address.',
  'Здравствуйте! Доставка завтра.',
  'Merhaba! Siparişiniz yolda.',
  'You are welcome, have a nice day!',
  'Could you send a photo of the damage?',
];

const LONG_TEXT = [
  'Hello! I have a rather long question, sorry in advance.',
  '',
  'Last month I ordered two lamps (order #4410) and a rug (order #4433). The lamps arrived but one of them flickers when it is dimmed below 30%, and the rug has a different colour from the photo on your website: it looks grey rather than blue.',
  '',
  'I would like to keep the working lamp, exchange the flickering one, and return the rug for a refund. Could you tell me how to do that, whether I need to print a label, and how long the refund takes? I am away from the 12th to the 20th, so a courier pick-up on those days would not work.',
  '',
  'Thank you very much for your help!',
].join('\n');

/**
 * The organization's tags with ids (the fixtures also carry two without an id, `wholesale` and
 * `refund`, as a record may: the panel shows those, and cannot ask for them).
 */
export const TAGS = {
  vip: { id: 1, name: 'VIP' },
  lead: { id: 3, name: 'Instagram lead' },
  returning: { id: 7, name: 'Returning' },
  delivery: { id: 12, name: 'Delivery' },
  complaint: { id: 15, name: 'Complaint' },
  preOrder: { id: 21, name: 'Pre-order' },
};

/** The tags of the generated chats, by index (taken in turn, so no chat's other data changes): some have none. */
export const FILLER_TAGS = [
  [TAGS.vip],
  [],
  [TAGS.delivery],
  [],
  [TAGS.returning, TAGS.delivery],
  [TAGS.complaint],
  [],
  [TAGS.preOrder],
  [TAGS.vip, TAGS.complaint],
  [TAGS.lead],
];

/**
 * @typedef {object} FixtureChat
 * @property {string} key
 * @property {number} source
 * @property {number} status
 * @property {{ name: string, phone: string | null, avatar: number | null, handle?: string }} customer
 * @property {number | null} operator index into OPERATORS
 * @property {number} [account] index into ACCOUNTS[source]
 * @property {boolean} [starred]
 * @property {number} [unread] trailing client messages left unread
 * @property {string} [sameCustomerAs] key of another fixture: an earlier chat of that customer
 * @property {unknown[]} [tags]
 * @property {Record<string, unknown>} [details] undocumented chat fields served as given (`rate`, `rateComment`, `lang`, `isInStopList`, ...)
 * @property {boolean} [blocked]
 * @property {Array<[number, number, string, Record<string, any>?]>} messages
 */

/** @type {FixtureChat[]} */
export const FIXTURE_CHATS = [
  {
    key: 'allMedia',
    details: { rate: 5, rateComment: 'Quick and friendly, thank you!', lang: 'de' },
    source: 0,
    status: 1,
    starred: true,
    unread: 2,
    operator: 0,
    customer: { name: 'Anna Schmidt', phone: '+49 151 12345678', avatar: 11 },
    tags: [TAGS.vip],
    messages: [
      [2 * DAY + 180, 1, 'Hi! I ordered a lamp last week, order #4521.'],
      [2 * DAY + 170, 0, 'Hello Anna, let me check that for you.'],
      [2 * DAY + 160, 1, 'Here is the box', { media: 1 }],
      [DAY + 300, 0, 'Here is your invoice.', { media: 2 }],
      [DAY + 290, 1, '', { media: 3 }],
      [DAY + 280, 0, 'A short video of how to assemble it.', { media: 4 }],
      [DAY + 270, 1, '', { media: 5 }],
      [DAY + 260, 1, '', { media: 6 }],
      [DAY + 250, 1, '', { media: 7 }],
      [60, 1, 'Like this?', { media: 8 }],
      [40, 0, '', { media: 9, status: 6 }],
      [30, 1, '', { media: 10 }],
      [10, 1, 'And the label photo', { media: 'broken', fixture: 'brokenPhoto' }],
      [4, 1, 'Can you confirm the delivery date?'],
    ],
  },
  {
    key: 'bot',
    tags: ['wholesale', TAGS.returning],
    details: { lang: 'ru' },
    source: 1,
    status: 0,
    unread: 3,
    operator: null,
    customer: { name: 'Дмитрий Иванов', phone: '+7 916 555-01-02', avatar: 12 },
    messages: [
      [95, 1, 'Здравствуйте!'],
      [94, 2, 'Привет! Я бот магазина. Чем помочь?\n1) Заказ\n2) Доставка'],
      [93, 1, '2'],
      [92, 2, 'Доставка занимает 2–3 дня.'],
      [20, 1, 'Мне нужен оператор'],
      [19, 1, 'Срочно, пожалуйста'],
      [12, 1, 'Жду ответа'],
    ],
  },
  {
    key: 'storyReply',
    tags: [TAGS.lead],
    details: { lang: 'tr' },
    source: 7,
    status: 2,
    unread: 2,
    operator: 1,
    account: 0,
    customer: { name: 'Ayşe Yılmaz', phone: null, avatar: 13, handle: 'ayse.yilmaz' },
    messages: [
      [DAY + 400, 1, 'Merhaba! Bu ceket hangi bedenlerde var?', { postId: 9002, fixture: 'postReply' }],
      [DAY + 390, 0, 'Merhaba Ayşe, S, M ve L bedenleri mevcut.'],
      [
        180,
        1,
        'Bu elbise çok güzel 😍 fiyatı nedir?',
        {
          postId: 9001,
          story: { id: 9001, socialId: '17912345678901234', url: '/media/story/9001.svg' },
          fixture: 'storyReply',
        },
      ],
      [170, 0, 'Fiyatı 1.299 TL.', { status: 6 }],
      [
        25,
        1,
        'Bunu da istiyorum!',
        {
          postId: 9003,
          story: { id: 9003, socialId: '17912345678909999', url: null },
          fixture: 'storyReplyNoUrl',
        },
      ],
      [24, 1, 'Teşekkürler'],
    ],
  },
  {
    key: 'notes',
    source: 2,
    status: 1,
    operator: 2,
    customer: { name: 'Олена Коваленко', phone: '+380 67 123 4567', avatar: null },
    messages: [
      [
        300,
        1,
        'Доброго дня! Коли буде повернення коштів?',
        {
          translation: 'Good afternoon! When will the refund be issued?',
          fixture: 'translated',
        },
      ],
      [290, 0, 'Check with accounting: refund #R-77 is pending.', { internal: true, status: 1, fixture: 'note' }],
      [280, 0, 'Повернення буде протягом 3 днів.', { replyTo: 0, fixture: 'replyOperator' }],
      [270, 1, 'Дякую!', { replyTo: 2, fixture: 'replyClient' }],
      [260, 0, 'Customer satisfied, close tomorrow.', { internal: true, status: 1 }],
      [250, 0, 'Гарного дня! 🌻', { status: 3 }],
    ],
  },
  {
    key: 'richText',
    source: 4,
    status: 1,
    operator: 0,
    customer: { name: '🌸 Sakura 🌸', phone: '+81 90 1234 5678', avatar: 14 },
    messages: [
      [500, 1, LONG_TEXT, { fixture: 'longText' }],
      [
        490,
        0,
        'Thank you, we will arrange everything. See https://example.com/returns?order=4410&ref=chat for the form.',
        { fixture: 'url' },
      ],
      [480, 1, 'Mail me at sakura@example.com or call tel:+819012345678. Not a link: javascript:alert(1)'],
      [
        470,
        1,
        '<script>alert("xss")</script><b>bold?</b> <img src=x onerror=alert(1)> &amp; <a href="https://evil.example">click</a>',
        { fixture: 'html' },
      ],
      [460, 0, 'We never render HTML 🙂'],
      [450, 1, `https://example.com/${'very-long-path-segment-'.repeat(12)}end`],
    ],
  },
  {
    key: 'unknownEnums',
    source: 5,
    status: 1,
    operator: 1,
    customer: { name: 'Mehmet Öztürk', phone: '+90 532 123 45 67', avatar: 15 },
    messages: [
      [700, 1, 'Siparişim ne zaman gelir?'],
      [690, 3, 'Sipariş #8812 kargoya verildi.', { status: 1, fixture: 'account' }],
      [680, 4, 'System: chat transferred to another queue', { status: 1, fixture: 'author4' }],
      [670, 0, 'Kargo takip numarası: TR123456', { status: 10, fixture: 'status10' }],
      [660, 0, 'This message could not be delivered', { status: 2, fixture: 'rejected' }],
      [650, 1, 'Tamam, teşekkürler.'],
    ],
  },
  {
    key: 'onPause',
    tags: [TAGS.preOrder],
    source: 8,
    status: 3,
    operator: 0,
    customer: { name: 'Jean-Luc Picard', phone: '+33 6 12 34 56 78', avatar: 16 },
    messages: [
      [900, 1, 'Tea. Earl Grey. Hot. Is it in stock?'],
      [890, 0, 'Checking the warehouse, one moment.'],
      [880, 1, 'Make it so.'],
      [870, 0, 'Back in stock next week.', { status: 6 }],
      [860, 1, 'Engage!'],
    ],
  },
  {
    key: 'closed',
    tags: ['refund', TAGS.complaint],
    details: { rate: 2, rateComment: 'It took too long to get an answer.', lang: 'es' },
    source: 9,
    status: 4,
    operator: 2,
    customer: { name: 'María García', phone: '+34 612 345 678', avatar: 17 },
    messages: [
      [DAY + 100, 1, 'Hola, ¿tienen envío gratis?'],
      [DAY + 90, 0, 'Sí, a partir de 50 €.'],
      [DAY + 80, 1, '¡Perfecto, gracias!'],
      [DAY + 70, 0, 'De nada. ¡Buen día!'],
      [DAY + 60, 1, '👍'],
    ],
  },
  {
    key: 'unknownChannel6',
    blocked: true,
    details: { isInStopList: true, lang: 'el' },
    source: 6,
    status: 1,
    operator: 0,
    customer: { name: 'Νίκος Παπαδόπουλος', phone: '+30 691 234 5678', avatar: null },
    messages: [
      [1200, 1, 'Γεια σας! Έχετε κατάστημα στην Αθήνα;'],
      [1190, 0, 'Not yet, only online.'],
      [1180, 1, 'Ευχαριστώ'],
      [1170, 0, 'You are welcome!'],
      [1160, 1, '🙂'],
    ],
  },
  {
    key: 'unknownChannel3',
    source: 3,
    status: 0,
    unread: 1,
    operator: null,
    customer: { name: '李娜', phone: '+86 138 0013 8000', avatar: 18 },
    messages: [
      [1500, 1, '你好'],
      [1490, 0, 'Hello! How can we help?'],
      [1480, 1, 'Do you ship to Shanghai?'],
      [1470, 0, 'Yes, in 7-10 days.'],
      [1460, 1, '好的，谢谢'],
    ],
  },
  {
    key: 'chainEarlier1',
    source: 0,
    status: 4,
    operator: 0,
    sameCustomerAs: 'allMedia',
    customer: { name: 'Anna Schmidt', phone: '+49 151 12345678', avatar: 11 },
    messages: [
      [6 * DAY + 60, 1, 'Hello, do you sell lamps?'],
      [6 * DAY + 50, 0, 'Yes, see our catalogue.'],
      [6 * DAY + 40, 1, 'Thanks'],
      [6 * DAY + 30, 0, 'Anything else?'],
      [6 * DAY + 20, 1, 'No, bye'],
    ],
  },
  {
    key: 'chainEarlier2',
    source: 0,
    status: 4,
    operator: 1,
    sameCustomerAs: 'allMedia',
    customer: { name: 'Anna Schmidt', phone: '+49 151 12345678', avatar: 11 },
    messages: [
      [4 * DAY + 60, 1, 'I want to order the blue lamp.'],
      [4 * DAY + 50, 0, 'Done, order #4521 is placed.'],
      [4 * DAY + 40, 1, 'Great, when does it ship?'],
      [4 * DAY + 30, 0, 'Within a week.'],
      [4 * DAY + 20, 1, 'Thank you!'],
    ],
  },
  {
    key: 'chainEarlierBot',
    source: 1,
    status: 4,
    operator: 2,
    sameCustomerAs: 'bot',
    customer: { name: 'Дмитрий Иванов', phone: '+7 916 555-01-02', avatar: 12 },
    messages: [
      [5 * DAY, 1, 'Где мой заказ?'],
      [5 * DAY - 10, 0, 'Заказ передан курьеру.'],
      [5 * DAY - 20, 1, 'Спасибо'],
      [5 * DAY - 30, 0, 'Пожалуйста!'],
      [5 * DAY - 40, 1, '👍'],
    ],
  },
  {
    key: 'storyEarlier',
    source: 7,
    status: 4,
    operator: 0,
    account: 1,
    sameCustomerAs: 'storyReply',
    customer: { name: 'Ayşe Yılmaz', phone: null, avatar: 13, handle: 'ayse.yilmaz' },
    details: { rate: 4, lang: 'tr' },
    messages: [
      [3 * DAY + 30, 1, 'Merhaba, bu çanta hâlâ satışta mı?'],
      [3 * DAY + 20, 0, 'Evet, siyah ve kahverengi var.'],
      [3 * DAY + 10, 1, 'Teşekkürler, kahverengi alacağım.'],
      [3 * DAY, 0, 'Harika, siparişiniz hazırlanıyor.'],
      [3 * DAY - 10, 1, '🙏'],
    ],
  },
];

/** Filler chat channels cycle over these, so every listed channel has several chats. */
export const FILLER_SOURCES = [0, 1, 2, 4, 5, 7, 8, 9];
