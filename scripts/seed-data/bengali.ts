import type { ItemText } from '@/lib/translated-content';

// The demo catalogue's Bengali titles and descriptions, keyed by the English title.
// Items without an entry show their English texts on the Bengali site, as a real catalogue would
// while its admins translate it.

export const COURSE_BENGALI: Record<string, Partial<ItemText>> = {
  'Bangla Alphabet and First Words': {
    title: 'বাংলা বর্ণমালা ও প্রথম শব্দ',
    description: 'ছবি, ছড়া আর খেলার মধ্য দিয়ে স্বরবর্ণ ও ব্যঞ্জনবর্ণ চেনা এবং প্রথম শব্দগুলো পড়তে ও লিখতে শেখা।',
  },
  'Counting and Shapes: Mathematics for Class One': {
    title: 'গণনা ও আকৃতি: প্রথম শ্রেণির গণিত',
    description: 'এক থেকে একশো পর্যন্ত গণনা, ছোট যোগ-বিয়োগ আর চারপাশের আকৃতি চেনার আনন্দময় পাঠ।',
  },
  'Mathematics for Class Four: Fractions': {
    title: 'চতুর্থ শ্রেণির গণিত: ভগ্নাংশ',
    description: 'ছবি ও বাস্তব উদাহরণে ভগ্নাংশ বোঝা, তুলনা করা, যোগ-বিয়োগ করা এবং অধ্যায় শেষের অনুশীলন।',
  },
  'Science for Class Five: Our Body and Health': {
    title: 'পঞ্চম শ্রেণির বিজ্ঞান: আমাদের দেহ ও স্বাস্থ্য',
    description: 'দেহের অঙ্গ-প্রত্যঙ্গ, পুষ্টিকর খাবার আর সুস্থ থাকার অভ্যাস নিয়ে সহজ ভাষায় বিজ্ঞান পাঠ।',
  },
  'Algebra Foundations for Class Seven': {
    title: 'সপ্তম শ্রেণির বীজগণিতের ভিত্তি',
    description: 'চলক, বীজগাণিতিক রাশি ও সরল সমীকরণ: ধাপে ধাপে উদাহরণসহ বীজগণিতের মজবুত ভিত্তি।',
  },
  'Introduction to Coding for Class Seven': {
    title: 'সপ্তম শ্রেণির জন্য কোডিং পরিচিতি',
    description: 'অ্যালগরিদম, শর্ত ও লুপ দিয়ে ছোট ছোট প্রোগ্রাম বানিয়ে কোডিংয়ের প্রথম পাঠ।',
  },
  'Physics for Class Nine': {
    title: 'নবম শ্রেণির পদার্থবিজ্ঞান',
    description: 'পরিমাপ, গতি, বল, কাজ ও শক্তি: এসএসসি পদার্থবিজ্ঞানের প্রথম অর্ধেক সমাধান করা উদাহরণ ও অধ্যায় শেষের সৃজনশীল প্রশ্নসহ।',
  },
  'Chemistry for Class Nine: Atoms and the Periodic Table': {
    title: 'নবম শ্রেণির রসায়ন: পরমাণু ও পর্যায় সারণি',
    description: 'পরমাণুর গঠন, ইলেকট্রন বিন্যাস ও পর্যায় সারণির ধারা বুঝে রসায়নের মূল ধারণাগুলো আয়ত্ত করা।',
  },
  'Higher Mathematics for Class Nine': {
    title: 'নবম শ্রেণির উচ্চতর গণিত',
    description: 'সেট, ফাংশন, বীজগাণিতিক রাশি ও জ্যামিতির উচ্চতর সমস্যা সমাধানের কৌশল।',
  },
  'Physics for Class Ten: Electricity and Waves': {
    title: 'দশম শ্রেণির পদার্থবিজ্ঞান: তড়িৎ ও তরঙ্গ',
    description: 'চল তড়িৎ, তড়িৎ বর্তনী, তরঙ্গ ও শব্দ: এসএসসি পরীক্ষার প্রস্তুতির জন্য অধ্যায়ভিত্তিক পাঠ।',
  },
  'SSC Mathematics Revision': {
    title: 'এসএসসি গণিত রিভিশন',
    description: 'পরীক্ষার আগে গুরুত্বপূর্ণ সূত্র, সমাধান করা প্রশ্ন আর সময় ধরে অনুশীলনে পুরো সিলেবাস ঝালিয়ে নেওয়া।',
  },
  'HSC Physics First Paper': {
    title: 'এইচএসসি পদার্থবিজ্ঞান প্রথম পত্র',
    description: 'ভেক্টর, নিউটনীয় বলবিদ্যা, কাজ-শক্তি ও মহাকর্ষ: এইচএসসি প্রথম পত্রের পূর্ণাঙ্গ প্রস্তুতি।',
  },
  'Spoken English Starter': {
    title: 'স্পোকেন ইংলিশ: শুরুর পাঠ',
    description: 'প্রতিদিনের কথোপকথন, সঠিক উচ্চারণ আর আত্মবিশ্বাস নিয়ে ইংরেজিতে কথা বলার প্রথম ধাপ।',
  },
  'Python Basics in Seven Days': {
    title: 'সাত দিনে পাইথনের মৌলিক বিষয়',
    description: 'চলক, শর্ত, লুপ ও ফাংশন দিয়ে সাত দিনে পাইথন প্রোগ্রামিংয়ের ভিত্তি তৈরি।',
  },
  'Study Skills and Exam Preparation': {
    title: 'পড়াশোনার কৌশল ও পরীক্ষার প্রস্তুতি',
    description: 'রুটিন তৈরি, নোট নেওয়া, রিভিশন আর পরীক্ষার চাপ সামলানোর কার্যকর কৌশল।',
  },
  'Learn to Read the Quran: Noorani Qaida': {
    title: 'কুরআন পড়া শিখি: নূরানী কায়দা',
    description: 'আরবি হরফ চেনা থেকে শুরু করে শুদ্ধভাবে কুরআন তিলাওয়াতের প্রথম পাঠ।',
  },
  'Home Cooking: Bangladeshi Classics': {
    title: 'ঘরোয়া রান্না: বাংলাদেশের জনপ্রিয় পদ',
    description: 'ভর্তা, ভাজি, ডাল আর বিরিয়ানি: ঘরে বসে বাংলাদেশের প্রিয় রান্নাগুলো ধাপে ধাপে শেখা।',
  },
};

export const BOOK_BENGALI: Record<string, Partial<ItemText>> = {
  'Physics Made Clear for SSC': { title: 'এসএসসির জন্য সহজ পদার্থবিজ্ঞান', description: 'এসএসসি পদার্থবিজ্ঞানের প্রতিটি অধ্যায় সহজ ব্যাখ্যা, চিত্র ও সমাধান করা প্রশ্নসহ।' },
  'Chemistry Lecture Notes: From Atoms to Reactions': { title: 'রসায়ন লেকচার নোট: পরমাণু থেকে বিক্রিয়া', description: 'পরমাণুর গঠন থেকে রাসায়নিক বিক্রিয়া পর্যন্ত গুছিয়ে লেখা লেকচার নোট।' },
  'The Joy of Mathematics: Puzzles for Curious Minds': { title: 'গণিতের আনন্দ: কৌতূহলী মনের ধাঁধা', description: 'মজার ধাঁধা আর যুক্তির খেলায় গণিতকে ভালোবাসতে শেখার বই।' },
  'English Grammar in Everyday Use': { title: 'প্রতিদিনের ইংরেজি ব্যাকরণ', description: 'দৈনন্দিন উদাহরণে ইংরেজি ব্যাকরণের নিয়ম ও অনুশীলন।' },
  'Bangla Grammar and Composition Guide': { title: 'বাংলা ব্যাকরণ ও নির্মিতি সহায়িকা', description: 'ব্যাকরণের নিয়ম, রচনা, পত্র ও ভাবসম্প্রসারণের পূর্ণাঙ্গ সহায়িকা।' },
  'Biology Diagrams Workbook': { title: 'জীববিজ্ঞান চিত্র অনুশীলন খাতা', description: 'পরীক্ষায় আসা গুরুত্বপূর্ণ চিত্র আঁকা ও চিহ্নিত করার অনুশীলন।' },
  'Python Programming for Beginners': { title: 'নতুনদের জন্য পাইথন প্রোগ্রামিং', description: 'প্রথমবার প্রোগ্রামিং শিখতে চাওয়া সবার জন্য সহজ ভাষায় পাইথন।' },
  'Stories of the Prophets: Audio Edition': { title: 'নবীদের কাহিনি: অডিও সংস্করণ', description: 'ছোটদের জন্য নবীদের জীবনের শিক্ষণীয় কাহিনি, শুনে শুনে শেখার জন্য।' },
  'Spoken English Daily Dialogues': { title: 'স্পোকেন ইংলিশ: প্রতিদিনের সংলাপ', description: 'দোকান, স্কুল, অফিস ও ভ্রমণের দৈনন্দিন ইংরেজি সংলাপ।' },
  'Personal Finance for Students': { title: 'শিক্ষার্থীদের জন্য ব্যক্তিগত অর্থব্যবস্থাপনা', description: 'বাজেট, সঞ্চয় আর বুদ্ধিমানের মতো খরচ করার সহজ পাঠ।' },
  'HSC Higher Mathematics Solved Problems': { title: 'এইচএসসি উচ্চতর গণিত: সমাধান করা সমস্যা', description: 'বোর্ড পরীক্ষার বাছাই করা সমস্যার ধাপে ধাপে সমাধান।' },
  'Bedtime Stories for Little Learners': { title: 'ছোট্ট শিক্ষার্থীদের ঘুমপাড়ানি গল্প', description: 'রাতে শোনার মতো ছোট ছোট মিষ্টি গল্প, প্রতিটির শেষে একটি শিক্ষা।' },
  'Science Experiments You Can Do at Home': { title: 'ঘরে বসে বিজ্ঞানের পরীক্ষা', description: 'ঘরের সাধারণ জিনিস দিয়ে নিরাপদে করা যায় এমন মজার বিজ্ঞান পরীক্ষা।' },
};

export const BLOG_BENGALI: Record<string, Partial<ItemText>> = {
  'How to Build a Study Routine That Survives Exam Season': { title: 'পরীক্ষার মৌসুমেও টিকে থাকে এমন পড়ার রুটিন কীভাবে বানাবেন', description: 'ছোট লক্ষ্য, নিয়মিত বিরতি আর সাপ্তাহিক রিভিশন: পরীক্ষার চাপেও যে রুটিন ভেঙে পড়ে না, তা তৈরির ব্যবহারিক পরামর্শ।' },
  'Five Physics Mistakes That Cost SSC Marks': { title: 'যে পাঁচটি ভুলে এসএসসি পদার্থবিজ্ঞানে নম্বর কাটা যায়', description: 'একক ভুলে যাওয়া থেকে চিত্র না আঁকা পর্যন্ত: পরীক্ষকরা যে ভুলগুলো সবচেয়ে বেশি দেখেন এবং সেগুলো এড়ানোর উপায়।' },
  'Why We Teach Coding From Class Seven': { title: 'কেন আমরা সপ্তম শ্রেণি থেকে কোডিং শেখাই', description: 'কোডিং শুধু প্রোগ্রামারদের জন্য নয়: যুক্তি, ধৈর্য আর সমস্যা সমাধানের অভ্যাস গড়তে কেন আগে শুরু করা ভালো।' },
  'Learning With Your Child: A Guide for Busy Parents': { title: 'সন্তানের সঙ্গে শেখা: ব্যস্ত অভিভাবকদের জন্য নির্দেশিকা', description: 'দিনে মাত্র পনেরো মিনিটে কীভাবে সন্তানের পড়াশোনায় পাশে থাকবেন, তার সহজ উপায়।' },
  'Free Courses Are Now Live': { title: 'বিনামূল্যের কোর্স এখন চালু', description: 'আমাদের প্রথম বিনামূল্যের কোর্সগুলো এখন সবার জন্য উন্মুক্ত: কী আছে আর কীভাবে শুরু করবেন।' },
  'What Makes a Good Online Class? Lessons From 10,000 Students': { title: 'ভালো অনলাইন ক্লাস কেমন হয়? ১০,০০০ শিক্ষার্থীর কাছ থেকে শেখা', description: 'ছোট ভিডিও, নিয়মিত কুইজ আর প্রশ্ন করার সুযোগ: শিক্ষার্থীরা যা সবচেয়ে বেশি কাজে লাগে বলে জানিয়েছে।' },
  'Tajweed Circles Open for Women and Girls': { title: 'নারী ও মেয়েদের জন্য তাজবীদ হালাকা শুরু', description: 'অভিজ্ঞ শিক্ষিকাদের সঙ্গে ছোট দলে তাজবীদসহ কুরআন তিলাওয়াত শেখার নতুন আয়োজন।' },
  'Preparing for University Admission Tests Without Burning Out': { title: 'ক্লান্ত না হয়ে বিশ্ববিদ্যালয় ভর্তি পরীক্ষার প্রস্তুতি', description: 'দীর্ঘ প্রস্তুতির মাসগুলোতে মনোযোগ, ঘুম আর আত্মবিশ্বাস ধরে রাখার পরামর্শ।' },
  'New Books in Our Library This Month': { title: 'এ মাসে আমাদের লাইব্রেরিতে নতুন বই', description: 'পদার্থবিজ্ঞান থেকে ঘুমপাড়ানি গল্প: এ মাসে যোগ হওয়া বইগুলোর পরিচিতি।' },
};
