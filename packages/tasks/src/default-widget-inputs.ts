/*
 * Default inference-widget examples per language, used when a model card defines none. In fill-mask
 * examples `<mask>` stands for the model's own mask token; the widget substitutes it.
 */
import type { WidgetType } from "./pipelines.js";
import type { WidgetExample } from "./widget-example.js";

type PerLanguageMapping = Map<WidgetType, string[] | WidgetExample[]>;

const MAPPING_EN: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["The new update made the app much faster and easier to use."]],
  [
    "token-classification",
    [
      "My name is Amelia and I work at the British Museum in London.",
      "Kenji moved from Osaka to Toronto to join Shopify.",
      "Last summer, Priya visited the Grand Canyon with her friends from Stanford.",
    ],
  ],
  [
    "table-question-answering",
    [
      {
        text: "Which planet has the most moons?",
        table: {
          Planet: ["Jupiter", "Saturn", "Uranus", "Neptune"],
          Moons: [95, 146, 28, 16],
          "Distance from the Sun (AU)": [5.2, 9.5, 19.2, 30.1],
        },
      },
    ],
  ],
  [
    "question-answering",
    [
      {
        text: "Where does Amelia work?",
        context: "My name is Amelia and I work at the British Museum in London.",
      },
      {
        text: "What is the boiling point of water at sea level?",
        context:
          "At sea level, pure water boils at 100 degrees Celsius; on a high mountain it boils at a lower temperature.",
      },
      {
        text: "Who wrote the first computer program?",
        context:
          "Ada Lovelace, an English mathematician, published notes in 1843 describing an algorithm for Charles Babbage's Analytical Engine. She is often regarded as the first computer programmer.",
      },
      {
        text: "How long is the Nile?",
        context:
          "The Nile flows north through eleven countries in north-eastern Africa before reaching the Mediterranean Sea. At about 6,650 kilometres, it is usually considered the longest river in the world, although some measurements give the title to the Amazon.",
      },
    ],
  ],
  [
    "zero-shot-classification",
    [
      {
        text: "My package was supposed to arrive on Monday and the tracking page has not changed in five days.",
        candidate_labels: "delivery, refund, product defect, account",
        multi_class: true,
      },
      {
        text: "I can't log in since I changed my phone number.",
        candidate_labels: "account access, billing, shipping, feature request",
        multi_class: false,
      },
      {
        text: "Astronomers have detected water vapour in the atmosphere of a planet orbiting a nearby red dwarf star, raising new questions about where life could exist.",
        candidate_labels: "space, biology, politics, sports, climate",
        multi_class: true,
      },
    ],
  ],
  [
    "translation",
    ["My name is Amelia and I live in London.", "The museum opens at nine o'clock every morning."],
  ],
  [
    "summarization",
    [
      "The Great Barrier Reef, off the coast of Queensland in north-eastern Australia, is the largest coral reef system on Earth. It stretches for more than 2,300 kilometres and is made up of nearly 3,000 individual reefs and some 900 islands. The reef is built by billions of tiny organisms called coral polyps and is home to thousands of species of fish, molluscs and sea turtles. It was declared a World Heritage Site in 1981. In recent decades, rising sea temperatures have caused several mass bleaching events, and scientists are studying how heat-tolerant corals might help the reef recover.",
    ],
  ],
  [
    "conversational",
    [
      "Hello! What kinds of questions can you answer?",
      "What is 17 multiplied by 23?",
      "Give me three tips for writing clean Python code.",
      "Explain how a neural network learns, as if I were twelve.",
    ],
  ],
  [
    "text-generation",
    [
      "The best way to learn a new language is",
      "Once upon a time, in a village at the edge of a forest,",
      "Here is a simple recipe for vegetable soup:",
      "The history of the bicycle begins",
    ],
  ],
  ["fill-mask", ["The capital of Italy is <mask>.", "I drink a cup of <mask> every morning."]],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "A man is playing a guitar on stage.",
        sentences: [
          "Someone is performing music in front of an audience.",
          "A woman is slicing vegetables in the kitchen.",
          "The concert was cancelled because of the rain.",
        ],
      },
    ],
  ],
]);

const MAPPING_ZH: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["这家餐厅的菜很好吃，服务也很周到。"]],
  [
    "token-classification",
    ["我叫李明，我在上海的复旦大学读书。", "王芳上个月去北京参观了故宫。", "张伟在深圳的华为公司工作。"],
  ],
  [
    "question-answering",
    [
      { text: "李明在哪里读书？", context: "我叫李明，我在上海的复旦大学读书。" },
      { text: "王芳去了哪里？", context: "王芳上个月去北京参观了故宫。" },
      {
        text: "长江有多长？",
        context: "长江是中国最长的河流，全长约六千三百公里，流经十一个省级行政区，最后注入东海。",
      },
    ],
  ],
  ["translation", ["我叫李明，我住在上海。", "明天早上九点我们在图书馆见面。"]],
  [
    "zero-shot-classification",
    [
      {
        text: "快递三天就到了，包装也很完好。",
        candidate_labels: "这是一条好评, 这是一条差评",
        multi_class: false,
      },
    ],
  ],
  [
    "summarization",
    [
      "长城是中国古代修建的军事防御工程，东起山海关，西至嘉峪关，总长度超过两万公里。它始建于春秋战国时期，后来经过秦、汉、明等朝代多次修筑。长城不仅是古代中国抵御北方游牧民族的重要屏障，也是中华民族的象征之一。1987年，长城被列入世界文化遗产名录，每年吸引数以百万计的游客前来参观。",
    ],
  ],
  [
    "text-generation",
    [
      "我最喜欢的季节是秋天，因为",
      "从前有一座山，山上住着",
      "学习编程的第一步是",
      "今天的天气很好，我们决定",
      "这本书讲述了一个关于",
    ],
  ],
  ["fill-mask", ["北京是中国的<mask>都。", "我每天早上喝一杯<mask>。"]],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "那只猫正在沙发上睡觉。",
        sentences: ["一只猫在沙发上休息。", "孩子们在公园里踢足球。", "今天的会议推迟到下午了。"],
      },
    ],
  ],
]);

const MAPPING_FR: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["Ce film était vraiment magnifique, je le recommande !"]],
  ["token-classification", ["Je m'appelle Camille et je travaille au musée d'Orsay à Paris."]],
  [
    "question-answering",
    [
      {
        text: "Où travaille Camille ?",
        context: "Je m'appelle Camille et je travaille au musée d'Orsay à Paris.",
      },
    ],
  ],
  ["translation", ["Je m'appelle Camille et j'habite à Lyon."]],
  [
    "summarization",
    [
      "Le Mont-Saint-Michel est une commune française située en Normandie, sur une île rocheuse au fond d'une baie soumise à de très fortes marées. L'abbaye qui domine l'île a été construite entre le VIIIe et le XVIe siècle. Classé au patrimoine mondial de l'UNESCO depuis 1979, le site accueille chaque année environ deux millions et demi de visiteurs, ce qui en fait l'un des lieux les plus visités de France.",
    ],
  ],
  [
    "text-generation",
    [
      "Le meilleur moyen d'apprendre à cuisiner est",
      "Il était une fois, dans un petit port breton,",
      "Demain matin, je vais",
    ],
  ],
  ["fill-mask", ["La capitale de la France est <mask>."]],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "Le chat dort sur le canapé.",
        sentences: [
          "Un chat se repose sur le sofa.",
          "Les enfants jouent dans le jardin.",
          "Il pleut depuis ce matin.",
        ],
      },
    ],
  ],
]);

const MAPPING_ES: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["El servicio fue excelente y la comida llegó caliente."]],
  ["token-classification", ["Me llamo Lucía y trabajo en el Museo del Prado en Madrid."]],
  [
    "question-answering",
    [
      { text: "¿Dónde trabaja Lucía?", context: "Me llamo Lucía y trabajo en el Museo del Prado en Madrid." },
      {
        text: "¿Cuándo llegó Mateo a Sevilla?",
        context: "Mateo llegó a Sevilla en marzo para estudiar arquitectura.",
      },
      {
        text: "¿Cuál es el río más largo de España?",
        context:
          "El Tajo, con unos 1.000 kilómetros, es el río más largo de la península ibérica y desemboca en Lisboa.",
      },
    ],
  ],
  ["translation", ["Me llamo Lucía y vivo en Madrid.", "Mañana vamos a visitar a mis abuelos."]],
  [
    "summarization",
    [
      "La Sagrada Familia es una basílica católica situada en Barcelona, diseñada por el arquitecto Antoni Gaudí. Las obras comenzaron en 1882 y todavía no han terminado, ya que se financian principalmente con las entradas de los visitantes y con donaciones. Gaudí dedicó los últimos años de su vida al proyecto. El templo fue declarado Patrimonio de la Humanidad por la UNESCO en 2005 y es uno de los monumentos más visitados de España.",
    ],
  ],
  [
    "text-generation",
    [
      "La mejor manera de aprender a programar es",
      "Había una vez un pequeño pueblo junto al mar donde",
      "Mi receta favorita para el verano es",
      "Cuando llegué a la estación, me di cuenta de que",
      "El futuro de la energía solar",
    ],
  ],
  ["fill-mask", ["La capital de España es <mask>.", "Cada mañana bebo una taza de <mask>."]],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "El perro corre por el parque.",
        sentences: [
          "Un perro juega en el parque.",
          "La reunión empieza a las diez.",
          "Mi hermana compró un coche nuevo.",
        ],
      },
    ],
  ],
]);

const MAPPING_RU: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["Отличный сервис, всё доставили вовремя!"]],
  ["token-classification", ["Меня зовут Анна, и я работаю в Эрмитаже в Санкт-Петербурге."]],
  [
    "question-answering",
    [
      {
        text: "Где работает Анна?",
        context: "Меня зовут Анна, и я работаю в Эрмитаже в Санкт-Петербурге.",
      },
    ],
  ],
  ["translation", ["Меня зовут Анна, и я живу в Казани."]],
  [
    "summarization",
    [
      "Озеро Байкал расположено в Восточной Сибири и является самым глубоким озером на планете: его максимальная глубина превышает 1600 метров. В Байкале содержится около двадцати процентов мировых запасов пресной озёрной воды. Возраст озера оценивается в двадцать пять миллионов лет. Здесь обитает множество эндемичных видов, в том числе байкальская нерпа. В 1996 году озеро было включено в список объектов Всемирного наследия ЮНЕСКО.",
    ],
  ],
  [
    "text-generation",
    [
      "Лучший способ выучить новый язык —",
      "Жил-был в одной деревне старый мастер, который",
      "Завтра утром мы отправимся",
    ],
  ],
  ["fill-mask", ["Столица России — <mask>."]],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "Кошка спит на диване.",
        sentences: ["На диване отдыхает кот.", "Дети играют во дворе.", "Поезд опаздывает на час."],
      },
    ],
  ],
]);

const MAPPING_UK: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["translation", ["Мене звати Олена, і я живу у Львові."]],
  ["fill-mask", ["Столиця України — <mask>."]],
]);

const MAPPING_IT: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["Il libro è bellissimo, l'ho letto tutto d'un fiato."]],
  [
    "token-classification",
    [
      "Mi chiamo Giulia e lavoro agli Uffizi di Firenze.",
      "Marco si è trasferito da Napoli a Torino per lavorare alla FIAT.",
      "L'estate scorsa Sofia ha visitato Venezia con i suoi amici.",
    ],
  ],
  [
    "question-answering",
    [
      { text: "Dove lavora Giulia?", context: "Mi chiamo Giulia e lavoro agli Uffizi di Firenze." },
      {
        text: "Dove si è trasferito Marco?",
        context: "Marco si è trasferito da Napoli a Torino per lavorare alla FIAT.",
      },
      {
        text: "Quanto è alto l'Etna?",
        context:
          "L'Etna, in Sicilia, è il vulcano attivo più alto d'Europa, con un'altezza di circa 3.300 metri che cambia a ogni eruzione.",
      },
    ],
  ],
  ["translation", ["Mi chiamo Giulia e vivo a Firenze.", "Domani andiamo al mare con la famiglia."]],
  [
    "summarization",
    [
      "Il Colosseo, situato nel centro di Roma, è il più grande anfiteatro mai costruito. I lavori iniziarono sotto l'imperatore Vespasiano nel 72 d.C. e furono completati dal figlio Tito nell'80 d.C. Poteva ospitare tra cinquantamila e ottantamila spettatori, che assistevano a combattimenti tra gladiatori e a spettacoli pubblici. Oggi è uno dei simboli dell'Italia e uno dei monumenti più visitati al mondo.",
    ],
  ],
  [
    "text-generation",
    [
      "Il modo migliore per imparare a cucinare è",
      "C'era una volta, in un piccolo borgo di montagna,",
      "La mia ricetta preferita per la pasta è",
      "Quando sono arrivato alla stazione,",
      "Il futuro dell'intelligenza artificiale",
    ],
  ],
  ["fill-mask", ["La capitale d'Italia è <mask>.", "Ogni mattina bevo un <mask>."]],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "Il gatto dorme sul divano.",
        sentences: [
          "Un gatto riposa sul sofà.",
          "I bambini giocano in giardino.",
          "Il treno è in ritardo di un'ora.",
        ],
      },
    ],
  ],
]);

const MAPPING_FA: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  [
    "text-classification",
    [
      "این فیلم واقعاً عالی بود و بازیگران فوق‌العاده بودند.",
      "غذا سرد بود و پیک خیلی دیر رسید.",
      "کیفیت گوشی نسبت به قیمتش خوب است.",
      "از خرید این کتاب اصلاً راضی نیستم.",
    ],
  ],
  [
    "token-classification",
    [
      "اسم من مریم است و در دانشگاه تهران درس می‌خوانم.",
      "علی سال گذشته از شیراز به اصفهان رفت.",
      "سارا در موزه ملی ایران کار می‌کند.",
    ],
  ],
  [
    "question-answering",
    [
      { text: "مریم کجا درس می‌خواند؟", context: "اسم من مریم است و در دانشگاه تهران درس می‌خوانم." },
      { text: "علی به کجا رفت؟", context: "علی سال گذشته از شیراز به اصفهان رفت." },
      { text: "سارا کجا کار می‌کند؟", context: "سارا در موزه ملی ایران کار می‌کند." },
      {
        text: "بلندترین قله ایران کدام است؟",
        context: "دماوند با ارتفاع حدود ۵۶۰۰ متر بلندترین قله ایران است و در رشته‌کوه البرز قرار دارد.",
      },
    ],
  ],
  ["translation", ["اسم من مریم است و در تهران زندگی می‌کنم.", "فردا صبح به کتابخانه می‌رویم."]],
  [
    "summarization",
    [
      "تخت جمشید مجموعه‌ای از کاخ‌های باستانی در نزدیکی شیراز است که ساخت آن در زمان داریوش بزرگ و حدود پانصد سال پیش از میلاد آغاز شد. این مجموعه پایتخت تشریفاتی شاهنشاهی هخامنشی بود و مراسم نوروز در آن برگزار می‌شد. تخت جمشید در سال ۱۳۵۸ در فهرست میراث جهانی یونسکو ثبت شد و امروز یکی از مهم‌ترین جاذبه‌های گردشگری ایران است.",
    ],
  ],
  ["text-generation", ["بهترین راه برای یادگیری یک زبان جدید", "روزی روزگاری در شهری کوچک"]],
  ["fill-mask", ["پایتخت ایران <mask> است.", "من هر روز صبح یک فنجان <mask> می‌نوشم."]],
]);

const MAPPING_AR: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["كانت الخدمة ممتازة والطعام لذيذاً جداً."]],
  [
    "token-classification",
    [
      "اسمي ليلى وأعمل في مكتبة الإسكندرية.",
      "انتقل يوسف من عمّان إلى دبي العام الماضي.",
      "زارت سلمى المتحف البريطاني في لندن.",
    ],
  ],
  [
    "question-answering",
    [
      { text: "أين تعمل ليلى؟", context: "اسمي ليلى وأعمل في مكتبة الإسكندرية." },
      { text: "إلى أين انتقل يوسف؟", context: "انتقل يوسف من عمّان إلى دبي العام الماضي." },
      { text: "ماذا زارت سلمى؟", context: "زارت سلمى المتحف البريطاني في لندن." },
      {
        text: "ما هو أطول نهر في العالم؟",
        context:
          "يُعدّ نهر النيل أطول نهر في العالم، إذ يبلغ طوله نحو ستة آلاف وستمئة وخمسين كيلومتراً، ويصبّ في البحر الأبيض المتوسط.",
      },
    ],
  ],
  ["translation", ["اسمي ليلى وأسكن في القاهرة.", "سنذهب غداً إلى السوق في الصباح."]],
  [
    "summarization",
    [
      "تقع مدينة البتراء في جنوب الأردن، وقد نحتها الأنباط في الصخر الوردي قبل أكثر من ألفي عام. كانت المدينة مركزاً تجارياً مهماً على طرق القوافل التي تنقل البخور والتوابل. من أشهر معالمها مبنى الخزنة الذي يستقبل الزوار بعد السير في ممر ضيق يُعرف بالسيق. أُدرجت البتراء على قائمة التراث العالمي لليونسكو عام 1985، واختيرت عام 2007 ضمن عجائب الدنيا السبع الجديدة.",
    ],
  ],
  [
    "text-generation",
    [
      "أفضل طريقة لتعلّم لغة جديدة هي",
      "كان يا ما كان، في قرية صغيرة",
      "عندما وصلت إلى المطار",
      "وصفتي المفضلة في رمضان هي",
      "مستقبل الطاقة المتجددة",
    ],
  ],
  ["fill-mask", ["عاصمة مصر هي <mask>.", "أشرب كل صباح فنجاناً من <mask>."]],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "القطة نائمة على الأريكة.",
        sentences: ["قطة تستريح فوق الكنبة.", "الأطفال يلعبون في الحديقة.", "تأخر القطار ساعة كاملة."],
      },
    ],
  ],
]);

const MAPPING_BN: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["সিনেমাটা অসাধারণ ছিল, আমি আবার দেখতে চাই।"]],
  [
    "token-classification",
    [
      "আমার নাম রিয়া এবং আমি ঢাকা বিশ্ববিদ্যালয়ে পড়ি।",
      "অর্জুন গত বছর কলকাতা থেকে বেঙ্গালুরুতে গিয়েছে।",
      "তানভীর চট্টগ্রামের একটি ব্যাংকে কাজ করেন।",
    ],
  ],
  ["translation", ["আমার নাম রিয়া এবং আমি ঢাকায় থাকি।", "আগামীকাল সকালে আমরা লাইব্রেরিতে যাব।"]],
  [
    "summarization",
    [
      "সুন্দরবন পৃথিবীর বৃহত্তম ম্যানগ্রোভ বন, যা বাংলাদেশ ও ভারতের পশ্চিমবঙ্গ জুড়ে বিস্তৃত। এই বনে রয়েল বেঙ্গল টাইগার, চিত্রা হরিণ, কুমির এবং নানা প্রজাতির পাখি বাস করে। সুন্দরবন উপকূলের মানুষকে ঘূর্ণিঝড় ও জলোচ্ছ্বাস থেকে রক্ষা করতে গুরুত্বপূর্ণ ভূমিকা রাখে। ১৯৯৭ সালে ইউনেস্কো সুন্দরবনকে বিশ্ব ঐতিহ্যবাহী স্থান হিসেবে ঘোষণা করে।",
    ],
  ],
  [
    "text-generation",
    ["নতুন ভাষা শেখার সবচেয়ে ভালো উপায় হলো", "অনেক দিন আগে এক ছোট্ট গ্রামে", "আজ আবহাওয়া খুব সুন্দর, তাই আমরা"],
  ],
  ["fill-mask", ["বাংলাদেশের রাজধানী <mask>।", "আমি প্রতিদিন সকালে এক কাপ <mask> খাই।"]],
  [
    "question-answering",
    [
      { text: "রিয়া কোথায় পড়ে?", context: "আমার নাম রিয়া এবং আমি ঢাকা বিশ্ববিদ্যালয়ে পড়ি।" },
      { text: "অর্জুন কোথায় গিয়েছে?", context: "অর্জুন গত বছর কলকাতা থেকে বেঙ্গালুরুতে গিয়েছে।" },
      { text: "তানভীর কোথায় কাজ করেন?", context: "তানভীর চট্টগ্রামের একটি ব্যাংকে কাজ করেন।" },
    ],
  ],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "বিড়ালটি সোফায় ঘুমাচ্ছে।",
        sentences: [
          "একটি বিড়াল সোফার উপর বিশ্রাম নিচ্ছে।",
          "শিশুরা মাঠে ফুটবল খেলছে।",
          "ট্রেনটি এক ঘণ্টা দেরিতে আসবে।",
        ],
      },
    ],
  ],
]);

const MAPPING_MN: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["Энэ кино үнэхээр гоё байсан, дахин үзмээр байна."]],
  [
    "token-classification",
    [
      "Намайг Болд гэдэг, би Улаанбаатар хотод амьдардаг.",
      "Сараа өнгөрсөн жил Дарханаас Эрдэнэт рүү нүүсэн.",
      "Тэмүүлэн Монгол Улсын Их Сургуульд суралцдаг.",
    ],
  ],
  [
    "question-answering",
    [
      { text: "Болд хаана амьдардаг вэ?", context: "Намайг Болд гэдэг, би Улаанбаатар хотод амьдардаг." },
      { text: "Сараа хаашаа нүүсэн бэ?", context: "Сараа өнгөрсөн жил Дарханаас Эрдэнэт рүү нүүсэн." },
      {
        text: "Хөвсгөл нуур хаана байдаг вэ?",
        context: "Хөвсгөл нуур Монгол орны хойд хэсэгт оршдог бөгөөд улсын хамгийн гүн цэнгэг устай нуур юм.",
      },
    ],
  ],
  ["translation", ["Намайг Болд гэдэг, би Улаанбаатарт амьдардаг.", "Маргааш өглөө бид номын санд очно."]],
  [
    "summarization",
    [
      "Наадам бол Монголын хамгийн том үндэсний баяр бөгөөд жил бүрийн долдугаар сард болдог. Баярын үеэр бөх, морин уралдаан, сур харваа гэсэн эрийн гурван наадам зохиогддог. Олон мянган хүн Улаанбаатар болон аймаг, сумдад наадам үзэхээр цуглардаг. Монгол наадам 2010 онд ЮНЕСКО-гийн хүн төрөлхтний биет бус соёлын өвийн жагсаалтад бичигдсэн.",
    ],
  ],
  [
    "text-generation",
    [
      "Шинэ хэл сурах хамгийн сайн арга бол",
      "Эрт урьдын цагт нэгэн хөдөөд",
      "Өнөөдөр цаг агаар сайхан байгаа тул бид",
      "Миний хамгийн дуртай хоол бол",
    ],
  ],
  ["fill-mask", ["Монгол Улсын нийслэл бол <mask>.", "Би өглөө бүр нэг аяга <mask> уудаг."]],
  [
    "automatic-speech-recognition",
    [
      {
        example_title: "Common Voice, train split",
        src: "https://cdn-media.huggingface.co/common_voice/train/common_voice_mn_18577472.wav",
      },
      {
        example_title: "Common Voice, test split",
        src: "https://cdn-media.huggingface.co/common_voice/test/common_voice_mn_18577346.wav",
      },
    ],
  ],
  [
    "text-to-speech",
    [
      "Сайн байна уу, таныг энд угтаж байгаадаа баяртай байна.",
      "Өнөөдөр Улаанбаатарт нартай, дулаан байна.",
      "Номоо уншаад дууссаны дараа надад хэлээрэй.",
    ],
  ],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "Муур буйдан дээр унтаж байна.",
        sentences: [
          "Буйдан дээр нэг муур амарч байна.",
          "Хүүхдүүд талбай дээр тоглож байна.",
          "Галт тэрэг нэг цаг хоцорно.",
        ],
      },
    ],
  ],
]);

const MAPPING_SI: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["translation", ["මගේ නම නිමාලි, මම කොළඹ ජීවත් වෙමි.", "හෙට උදේ අපි පුස්තකාලයට යමු."]],
  ["fill-mask", ["ශ්‍රී ලංකාවේ අගනුවර <mask> වේ.", "මම සෑම උදෑසනකම <mask> කෝප්පයක් බොමි."]],
]);

const MAPPING_DE: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  [
    "question-answering",
    [
      { text: "Wo arbeitet Jonas?", context: "Ich heiße Jonas und arbeite im Deutschen Museum in München." },
      {
        text: "Wie lang ist der Rhein?",
        context:
          "Der Rhein entspringt in den Schweizer Alpen und fließt nach etwa 1.230 Kilometern in die Nordsee.",
      },
    ],
  ],
  [
    "sentence-similarity",
    [
      {
        source_sentence: "Die Katze schläft auf dem Sofa.",
        sentences: [
          "Eine Katze ruht sich auf der Couch aus.",
          "Die Kinder spielen im Garten.",
          "Der Zug hat eine Stunde Verspätung.",
        ],
      },
    ],
  ],
]);

const MAPPING_DV: PerLanguageMapping = new Map<WidgetType, string[] | WidgetExample[]>([
  ["text-classification", ["މި ފިލްމަކީ ވަރަށް ރަނގަޅު ފިލްމެއް."]],
  [
    "token-classification",
    ["އަހަރެންގެ ނަމަކީ އައިޝާ، އަހަރެން ދިރިއުޅެނީ މާލޭގައި.", "އަލީ ވަޒީފާ އަދާކުރަނީ ހުޅުމާލޭގައި.", "މަރިޔަމް ވަނީ އައްޑޫއަށް ދަތުރުކޮށްފައި."],
  ],
  [
    "question-answering",
    [
      { text: "އައިޝާ ދިރިއުޅެނީ ކޮންތާކު؟", context: "އަހަރެންގެ ނަމަކީ އައިޝާ، އަހަރެން ދިރިއުޅެނީ މާލޭގައި." },
      { text: "އަލީ ވަޒީފާ އަދާކުރަނީ ކޮންތާކު؟", context: "އަލީ ވަޒީފާ އަދާކުރަނީ ހުޅުމާލޭގައި." },
      { text: "މަރިޔަމް ދަތުރުކުރީ ކޮންތާކަށް؟", context: "މަރިޔަމް ވަނީ އައްޑޫއަށް ދަތުރުކޮށްފައި." },
      { text: "ދިވެހިރާއްޖޭގެ ވެރިރަށަކީ ކޮބާ؟", context: "ދިވެހިރާއްޖޭގެ ވެރިރަށަކީ މާލެ. މާލެއަކީ ރާއްޖޭގެ އެންމެ ގިނަ މީހުން ދިރިއުޅޭ ރަށެވެ." },
    ],
  ],
  ["translation", ["އަހަރެންގެ ނަމަކީ އައިޝާ، އަހަރެން ދިރިއުޅެނީ މާލޭގައި.", "މާދަމާ ހެނދުނު އަހަރެމެން ލައިބްރަރީއަށް ދާނަން."]],
  [
    "summarization",
    [
      "ދިވެހިރާއްޖެއަކީ ހިންދު ކަނޑުގައި އޮންނަ ޖަޒީރާ ޤައުމެކެވެ. ރާއްޖޭގައި ހުރީ ގާތްގަނޑަކަށް 1190 ރަށް، އެ ރަށްތައް ހުރީ 26 އަތޮޅެއްގައެވެ. ރާއްޖޭގެ އިޤްތިޞާދަށް އެންމެ ބޮޑު އެހީއެއް ލިބެނީ ފަތުރުވެރިކަމާއި މަހަށް ދިއުމުންނެވެ. ރާއްޖޭގެ ފަޅުތަކާއި ހުދު ވެލިގަނޑު ބައްލަވަން ކޮންމެ އަހަރަކު ލައްކަ ގިނަ ފަތުރުވެރިން ރާއްޖެއަށް ޒިޔާރަތްކުރެއެވެ.",
    ],
  ],
  ["text-generation", ["އަހަރެންގެ ނަމަކީ", "ކުރީ ޒަމާނެއްގައި އެއް ރަށެއްގައި", "މިއަދު މޫސުން ވަރަށް ރަނގަޅު، އެހެންވީމާ", "އަހަރެންނަށް އެންމެ ގަޔާވާ ކާނާއަކީ"]],
  ["fill-mask", ["ދިވެހިރާއްޖޭގެ ވެރިރަށަކީ <mask>.", "އަހަރެން ކޮންމެ ހެނދުނަކު <mask> ތައްޓެއް ބޮމެވެ."]],
]);

/**
 * Default widget examples: language code → widget type → examples, either plain strings (the
 * text input) or structured examples. 14 languages.
 */
export const MAPPING_DEFAULT_WIDGET = new Map<string, PerLanguageMapping>([
  ["en", MAPPING_EN],
  ["zh", MAPPING_ZH],
  ["fr", MAPPING_FR],
  ["es", MAPPING_ES],
  ["ru", MAPPING_RU],
  ["uk", MAPPING_UK],
  ["it", MAPPING_IT],
  ["fa", MAPPING_FA],
  ["ar", MAPPING_AR],
  ["bn", MAPPING_BN],
  ["mn", MAPPING_MN],
  ["si", MAPPING_SI],
  ["de", MAPPING_DE],
  ["dv", MAPPING_DV],
]);
