// The demo catalogue's real learning content: three courses with whole curricula (the seed turns
// these into sections, lessons and stored files). Article texts are real explanations, written in
// Markdown (rendered to safe HTML by the server); video lessons play the project's own short clips.

import type { Quiz } from '@/lib/quiz';
import type { Translations } from '@/lib/translated-content';

/** Short clips shipped in scripts/seed-data/media (WebM, a few seconds each). */
export type DemoClip = 'motion' | 'fractions' | 'python';

/**
 * A lesson's texts in other languages, as an admin writes them in the editor: a few demo lessons
 * have them, so the Bengali site shows translated lessons beside untranslated ones.
 */
export type SeedLessonText = { title: string; markdown: string; transcript: string };

export type SeedLesson = { title: string; minutes: number; freePreview?: boolean; translations?: Translations<SeedLessonText> } & (
  | { kind: 'article'; markdown: string }
  | { kind: 'video'; clip: DemoClip; transcript: string; notes?: SeedPdf }
  | { kind: 'video'; youtube: string }
  | { kind: 'file'; file: SeedPdf }
  | { kind: 'quiz'; quiz: Quiz }
);

/** A downloadable PDF the seed generates: a title and paragraphs of plain text (Latin-1 only: no Bengali, no curly quotes, no emoji). */
export type SeedPdf = { name: string; title: string; paragraphs: string[] };

export type SeedSection = { title: string; lessons: SeedLesson[]; translations?: Translations<{ title: string }> };

/** The Motion section's quiz (the bench's quiz starts with its questions too). */
export const MOTION_QUIZ: Quiz = {
  passPercent: 75,
  shuffleQuestions: false,
  shuffleOptions: true,
  questions: [
    {
      id: 'velocity',
      kind: 'single',
      prompt: 'A bus goes once round a circular track and stops where it started. What is its displacement?',
      explanation: 'Displacement is the change of position: it ends where it began, so the displacement is zero, whatever the distance travelled.',
      options: [
        { id: 'zero', text: 'Zero', correct: true, translations: { bn: { text: 'শূন্য' } } },
        { id: 'circumference', text: 'The length of the track', correct: false, translations: { bn: { text: 'পথটির দৈর্ঘ্য' } } },
        { id: 'diameter', text: 'The diameter of the track', correct: false, translations: { bn: { text: 'পথটির ব্যাস' } } },
      ],
      translations: {
        bn: {
          prompt: 'একটি বাস একটি বৃত্তাকার পথে একবার ঘুরে যেখান থেকে যাত্রা শুরু করেছিল সেখানেই থামে। এর সরণ কত?',
          explanation: 'সরণ হলো অবস্থানের পরিবর্তন: বাসটি যেখান থেকে শুরু করেছিল সেখানেই থেমেছে, তাই যত দূরত্বই অতিক্রম করুক, এর সরণ শূন্য।',
        },
      },
    },
    {
      id: 'vectors',
      kind: 'multiple',
      prompt: 'Which of these are vector quantities?',
      explanation: 'Velocity and acceleration have a direction; speed and time do not.',
      options: [
        { id: 'velocity', text: 'Velocity', correct: true, translations: { bn: { text: 'বেগ' } } },
        { id: 'speed', text: 'Speed', correct: false, translations: { bn: { text: 'দ্রুতি' } } },
        { id: 'acceleration', text: 'Acceleration', correct: true, translations: { bn: { text: 'ত্বরণ' } } },
        { id: 'time', text: 'Time', correct: false, translations: { bn: { text: 'সময়' } } },
      ],
      translations: { bn: { prompt: 'নিচের কোনগুলো ভেক্টর রাশি?', explanation: 'বেগ ও ত্বরণের দিক আছে; দ্রুতি ও সময়ের কোনো দিক নেই।' } },
    },
    {
      id: 'uniform',
      kind: 'trueFalse',
      prompt: 'A body moving at constant speed in a circle has zero acceleration.',
      explanation: 'Its direction changes all the time, so its velocity changes: it accelerates towards the centre.',
      options: [
        { id: 'true', text: 'True', correct: false },
        { id: 'false', text: 'False', correct: true },
      ],
      translations: {
        bn: {
          prompt: 'বৃত্তাকার পথে সমদ্রুতিতে চলা কোনো বস্তুর ত্বরণ শূন্য।',
          explanation: 'বস্তুটির গতির দিক প্রতি মুহূর্তে বদলায়, তাই এর বেগও বদলায়: বস্তুটি বৃত্তের কেন্দ্রের দিকে ত্বরিত হয়।',
        },
      },
    },
    {
      id: 'stopping',
      kind: 'numeric',
      prompt: 'A car at 20 m/s brakes with a steady 4 m/s². How many metres does it travel before it stops? (v² = u² + 2as)',
      explanation: '0 = 20² + 2 × (−4) × s, so s = 400 / 8 = 50 m.',
      options: [],
      numeric: { value: 50, tolerance: 0.5 },
      // The working is formulas: the Bengali page shows it as written.
      translations: { bn: { prompt: '২০ m/s বেগে চলা একটি গাড়ি ৪ m/s² সুষম মন্দনে ব্রেক করে। থামার আগে গাড়িটি কত মিটার পথ যায়? (v² = u² + 2as)' } },
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Physics for Class Nine
// ---------------------------------------------------------------------------------------------

/** The Bengali text of the first physics lesson, a free preview: the Bengali demo shows a translated article. */
const PHYSICAL_QUANTITIES_BN = `পদার্থবিজ্ঞান শুরু হয় **পরিমাপ** দিয়ে। একটি বাস কেন জোরে চলতে শুরু করে বা একটি বল কেন নিচে পড়ে, তা ব্যাখ্যা করার আগে আমাদের এমন সংখ্যা দরকার যা তুলনা করা যায়। প্রকৃতির যা কিছু মাপা যায় এবং একক সহ একটি সংখ্যা হিসেবে লেখা যায়, তাকে **ভৌত রাশি** বলে।

## মান ও একক

প্রতিটি পরিমাপের দুটি অংশ থাকে:

1. **মান**, অর্থাৎ সংখ্যাটি, এবং
2. **একক**, অর্থাৎ যে স্বীকৃত মানদণ্ডের সঙ্গে আমরা তুলনা করি।

কেউ যদি বলে একটি টেবিল "২" লম্বা, কেউ বুঝবে না সে কী বোঝাচ্ছে। যদি বলে "২ মিটার", সবাই বুঝবে। একক ছাড়া একটি সংখ্যা কোনো পরিমাপ নয়।

## মৌলিক ও লব্ধ রাশি

### মৌলিক রাশি

সাতটি রাশি আন্তর্জাতিক একক পদ্ধতির (SI) ভিত্তি। এগুলো অন্য কোনো রাশির ওপর নির্ভর করে না:

| রাশি | SI একক | প্রতীক |
|---|---|---|
| দৈর্ঘ্য | মিটার | m |
| ভর | কিলোগ্রাম | kg |
| সময় | সেকেন্ড | s |
| তাপমাত্রা | কেলভিন | K |
| তড়িৎ প্রবাহ | অ্যাম্পিয়ার | A |
| পদার্থের পরিমাণ | মোল | mol |
| দীপন তীব্রতা | ক্যান্ডেলা | cd |

### লব্ধ রাশি

বাকি সব রাশি মৌলিক রাশিগুলো থেকে তৈরি:

- **ক্ষেত্রফল** = দৈর্ঘ্য × দৈর্ঘ্য, একক m²
- **আয়তন** = দৈর্ঘ্য × দৈর্ঘ্য × দৈর্ঘ্য, একক m³
- **দ্রুতি** = দৈর্ঘ্য ÷ সময়, একক m/s
- **ঘনত্ব** = ভর ÷ আয়তন, একক kg/m³

## একটি উদাহরণ

একটি কাঠের ব্লক ০.২ মিটার লম্বা, ০.১ মিটার চওড়া এবং ০.০৫ মিটার উঁচু। এর ভর ০.৬ কিলোগ্রাম। ব্লকটির ঘনত্ব নির্ণয় করো।

1. আয়তন = 0.2 m × 0.1 m × 0.05 m = 0.001 m³
2. ঘনত্ব = ভর ÷ আয়তন = 0.6 kg ÷ 0.001 m³ = **600 kg/m³**

লক্ষ করো, এককগুলোর হিসাবও সংখ্যার মতোই করা হয়: kg-কে m³ দিয়ে ভাগ করলে kg/m³ পাওয়া যায়। প্রতিটি লাইনে একক লিখে রাখাই ভুল ধরার সবচেয়ে সহজ উপায়।

## নিজে চেষ্টা করো

1. দ্রুতি মৌলিক রাশি, না লব্ধ রাশি? কেন, তা ব্যাখ্যা করো।
2. একটি ঘর ৫ মিটার লম্বা, ৪ মিটার চওড়া ও ৩ মিটার উঁচু। এককসহ ঘরটির মেঝের ক্ষেত্রফল ও আয়তন নির্ণয় করো।
`;

const PHYSICS: SeedSection[] = [
  {
    title: 'Physical quantities and measurement',
    translations: { bn: { title: 'ভৌত রাশি ও পরিমাপ' } },
    lessons: [
      {
        title: 'What physics measures: physical quantities',
        minutes: 8,
        freePreview: true,
        translations: { bn: { title: 'পদার্থবিজ্ঞান কী মাপে: ভৌত রাশি', markdown: PHYSICAL_QUANTITIES_BN } },
        kind: 'article',
        markdown: `Physics begins with **measuring**. Before we can explain why a bus speeds up or why a ball falls, we need numbers we can compare. Anything in nature that can be measured and written as a number with a unit is called a **physical quantity**.

## Magnitude and unit

Every measurement has two parts:

1. a **magnitude**, the number, and
2. a **unit**, the agreed standard we compare against.

If you say a table is "2" long, nobody knows what you mean. If you say "2 m", everyone does. A number without a unit is not a measurement.

## Fundamental and derived quantities

### Fundamental quantities

Seven quantities form the base of the International System of Units (SI). They do not depend on any other quantity:

| Quantity | SI unit | Symbol |
|---|---|---|
| Length | metre | m |
| Mass | kilogram | kg |
| Time | second | s |
| Temperature | kelvin | K |
| Electric current | ampere | A |
| Amount of substance | mole | mol |
| Luminous intensity | candela | cd |

### Derived quantities

All other quantities are built from the fundamental ones:

- **Area** = length × length, unit m²
- **Volume** = length × length × length, unit m³
- **Speed** = length ÷ time, unit m/s
- **Density** = mass ÷ volume, unit kg/m³

## Worked example

A wooden block is 0.2 m long, 0.1 m wide and 0.05 m high. Its mass is 0.6 kg. Find its density.

1. Volume = 0.2 m × 0.1 m × 0.05 m = 0.001 m³
2. Density = mass ÷ volume = 0.6 kg ÷ 0.001 m³ = **600 kg/m³**

Notice that the units are worked out exactly like the numbers: kg divided by m³ gives kg/m³. Keeping the units in every line is the easiest way to catch a mistake.

Read more about the base units on [Wikipedia: International System of Units](https://en.wikipedia.org/wiki/International_System_of_Units).

## Try it yourself

1. Is speed a fundamental or a derived quantity? Explain why.
2. A room is 5 m long, 4 m wide and 3 m high. Find its floor area and its volume, with units.
`,
      },
      {
        title: 'SI prefixes and converting units',
        minutes: 8,
        // A Bengali title only: the Bengali site shows the English article under it.
        translations: { bn: { title: 'SI উপসর্গ ও এককের রূপান্তর' } },
        kind: 'article',
        markdown: `Physics deals with very big and very small numbers: the distance to the Sun is about 150 000 000 000 m, while the thickness of a hair is about 0.00008 m. Writing all those zeros is slow and error-prone, so we use **prefixes** and **scientific notation**.

## Common SI prefixes

| Prefix | Symbol | Multiply by |
|---|---|---|
| giga | G | 10⁹ (1 000 000 000) |
| mega | M | 10⁶ (1 000 000) |
| kilo | k | 10³ (1000) |
| centi | c | 10⁻² (0.01) |
| milli | m | 10⁻³ (0.001) |
| micro | μ | 10⁻⁶ (0.000 001) |
| nano | n | 10⁻⁹ |

So 5 km = 5 × 1000 m = 5000 m, and 250 mg = 250 × 0.001 g = 0.25 g.

## Scientific notation

A number in scientific notation is written as **a × 10ⁿ**, where a is between 1 and 10.

- 150 000 000 000 m = 1.5 × 10¹¹ m
- 0.00008 m = 8 × 10⁻⁵ m

## Converting units step by step

### Example 1: km/h to m/s

Convert 72 km/h to m/s.

1. 72 km = 72 000 m
2. 1 h = 3600 s
3. 72 000 m ÷ 3600 s = **20 m/s**

A quick rule: to change km/h into m/s, multiply by 5/18. Check: 72 × 5 ÷ 18 = 20.

### Example 2: g/cm³ to kg/m³

The density of water is 1 g/cm³. Since 1 g = 0.001 kg and 1 cm³ = 0.000 001 m³:

1 g/cm³ = 0.001 kg ÷ 0.000 001 m³ = **1000 kg/m³**

## Tips

- Always convert to SI units **before** putting numbers into a formula.
- Write the unit on every line of working.
- Check whether your answer is sensible: a bicycle at 300 m/s means something went wrong.

See the full list on [Wikipedia: Metric prefix](https://en.wikipedia.org/wiki/Metric_prefix).

## Try it yourself

1. Convert 36 km/h and 90 km/h into m/s.
2. Write 0.0045 m and 6 400 000 m in scientific notation.
3. How many milliseconds are there in 2.5 s?
`,
      },
      {
        title: 'Measuring instruments and errors',
        minutes: 10,
        kind: 'article',
        markdown: `A metre scale can measure to the nearest millimetre, but to measure the diameter of a wire or a small ball we need finer instruments. The smallest value an instrument can measure is its **least count**.

## Vernier calipers

Vernier calipers have a **main scale** and a sliding **vernier scale**. Usually 10 vernier divisions equal 9 main-scale divisions, so the vernier constant is

**vernier constant = 1 mm ÷ 10 = 0.1 mm = 0.01 cm**

### Worked example

The zero of the vernier lies just after 2.3 cm on the main scale, and the 6th vernier division lines up with a main-scale mark.

1. Main-scale reading = 2.3 cm
2. Vernier reading = 6 × 0.01 cm = 0.06 cm
3. Total = 2.3 + 0.06 = **2.36 cm**

## Screw gauge

A screw gauge measures even smaller lengths. If the **pitch** (distance moved in one full turn) is 1 mm and the circular scale has 100 divisions:

**least count = pitch ÷ number of circular divisions = 1 mm ÷ 100 = 0.01 mm**

### Worked example

Linear scale reading = 4 mm, circular scale division in line = 35.

Diameter = 4 mm + 35 × 0.01 mm = **4.35 mm**

## Errors in measurement

No measurement is perfect. Common sources of error are:

- **Zero error**: the instrument does not read zero when it should. Subtract a positive zero error from every reading.
- **Parallax error**: reading a scale from an angle. Always keep your eye straight in front of the mark.
- **Random error**: small changes from reading to reading. Reduce it by repeating the measurement and taking the **average**.

### Averaging example

Three readings of a pendulum's time for 20 swings are 30.2 s, 30.6 s and 30.4 s. Average = (30.2 + 30.6 + 30.4) ÷ 3 = 30.4 s, so one swing takes 30.4 ÷ 20 = **1.52 s**.

Read more on [Wikipedia: Vernier scale](https://en.wikipedia.org/wiki/Vernier_scale).

## Try it yourself

1. A vernier caliper reads 3.1 cm on the main scale and the 4th vernier division coincides. What is the length?
2. A screw gauge has a zero error of +0.02 mm. It reads 5.47 mm for a wire. What is the true diameter?
`,
      },
      {
        title: 'Scalars and vectors',
        minutes: 7,
        kind: 'article',
        markdown: `Some quantities are fully described by a number and a unit. Others also need a **direction**. This difference matters in almost every motion and force problem.

## Scalar quantities

A **scalar** has magnitude only. Examples:

- mass (5 kg)
- time (10 s)
- distance (200 m)
- speed (15 m/s)
- energy, temperature, volume

Scalars are added like ordinary numbers: 3 kg + 4 kg = 7 kg.

## Vector quantities

A **vector** has both magnitude and direction. Examples:

- displacement (200 m north)
- velocity (15 m/s east)
- acceleration (2 m/s² downward)
- force (10 N to the left)

A vector is drawn as an **arrow**: its length shows the magnitude and its head shows the direction.

## Distance versus displacement

**Distance** is the total length of the path travelled (a scalar). **Displacement** is the straight-line change in position from start to finish, with direction (a vector).

### Worked example 1

Rahim walks 3 m east and then 4 m north.

1. Distance = 3 m + 4 m = **7 m**
2. Displacement: the two walks form a right angle, so by Pythagoras the straight line is √(3² + 4²) = √25 = **5 m**, pointing north-east of his starting point.

### Worked example 2

An athlete runs one full lap of a 400 m track and stops at the starting line.

- Distance = **400 m**
- Displacement = **0 m**, because she ended where she began.

## Adding vectors in a straight line

Take one direction as positive. Two forces of 10 N to the right and 4 N to the left give a resultant of 10 N + (−4 N) = **6 N to the right**.

Read more on [Wikipedia: Euclidean vector](https://en.wikipedia.org/wiki/Euclidean_vector).

## Try it yourself

1. Sort these into scalars and vectors: weight, mass, speed, velocity, time, force.
2. A car goes 6 km north and then 8 km south. Find its distance and its displacement.
`,
      },
    ],
  },
  {
    title: 'Motion',
    translations: { bn: { title: 'গতি' } },
    lessons: [
      {
        title: 'Speed, velocity and acceleration',
        minutes: 10,
        kind: 'article',
        markdown: `An object is in **motion** when its position changes with time compared with its surroundings. To describe motion we use three quantities.

## Speed

**Speed** is the distance travelled per unit time:

**speed = distance ÷ time**, unit m/s

If the speed changes during a trip, we use the **average speed** = total distance ÷ total time.

### Example

A bus travels 120 km in 2 h. Average speed = 120 km ÷ 2 h = 60 km/h. In SI units: 60 × 5/18 = **16.7 m/s**.

## Velocity

**Velocity** is speed in a stated direction, so it is a vector:

**velocity = displacement ÷ time**

Two cars moving at 20 m/s, one north and one south, have the **same speed** but **different velocities**. Motion with constant speed in a constant direction is called **uniform velocity**.

## Acceleration

**Acceleration** is the rate of change of velocity:

**a = (v − u) ÷ t**

where

- u = initial velocity (m/s)
- v = final velocity (m/s)
- t = time taken (s)

The unit is m/s² ("metres per second per second").

### Example 1: speeding up

A car starts from rest and reaches 20 m/s in 5 s.

a = (20 m/s − 0 m/s) ÷ 5 s = **4 m/s²**

Its velocity grows by 4 m/s every second.

### Example 2: slowing down

A cyclist slows from 10 m/s to 4 m/s in 3 s.

a = (4 − 10) ÷ 3 = **−2 m/s²**

A negative acceleration means the object is slowing down; we call it **retardation** or deceleration.

## Graphs of motion

On a **velocity-time graph**, the slope of the line is the acceleration and the area under the line is the distance travelled. A horizontal line means constant velocity; a straight sloping line means constant acceleration.

Read more on [Wikipedia: Acceleration](https://en.wikipedia.org/wiki/Acceleration).

## Try it yourself

1. A runner covers 100 m in 12.5 s. What is her average speed?
2. A train's velocity rises from 5 m/s to 25 m/s in 10 s. Find its acceleration.
3. Why can a car moving round a bend at a steady 30 km/h still be accelerating?
`,
      },
      {
        title: 'Watch: speed, velocity and acceleration',
        minutes: 1,
        translations: {
          bn: {
            title: 'দেখুন: দ্রুতি, বেগ ও ত্বরণ',
            transcript:
              'দ্রুতি বলে দেয় কোনো কিছু কত জোরে চলছে: অতিক্রান্ত দূরত্বকে সময় দিয়ে ভাগ করলে দ্রুতি পাওয়া যায়, এর একক মিটার প্রতি সেকেন্ড। ' +
              'বেগ হলো নির্দিষ্ট দিকে দ্রুতি, তাই সেকেন্ডে ২০ মিটার বেগে বিপরীত দিকে চলা দুটি গাড়ির বেগ আলাদা। ' +
              'ত্বরণ হলো বেগ পরিবর্তনের হার: বেগের পরিবর্তনকে সময় দিয়ে ভাগ করলে ত্বরণ পাওয়া যায়। ' +
              'একটি সাইকেলের বেগ ৩ সেকেন্ডে সেকেন্ডে ২ মিটার থেকে বেড়ে সেকেন্ডে ৮ মিটার হলে এর ত্বরণ ৬ ভাগ ৩, অর্থাৎ ২ মিটার প্রতি বর্গসেকেন্ড। ' +
              'কোনো কিছুর বেগ কমতে থাকলে তার ত্বরণ ঋণাত্মক হয়, একে আমরা মন্দন বলি।',
          },
        },
        kind: 'video',
        clip: 'motion',
        transcript:
          'Speed tells us how fast something moves: the distance travelled divided by the time taken, measured in metres per second. ' +
          'Velocity is speed in a stated direction, so two cars at 20 metres per second going opposite ways have different velocities. ' +
          'Acceleration is the rate at which velocity changes: the change in velocity divided by the time taken. ' +
          'If a bicycle speeds up from 2 metres per second to 8 metres per second in 3 seconds, its acceleration is 6 divided by 3, or 2 metres per second squared. ' +
          'When something slows down its acceleration is negative, and we call that retardation or deceleration.',
        notes: {
          name: 'motion-formula-notes.pdf',
          title: 'Formula notes: speed, velocity and acceleration',
          paragraphs: [
            'Symbols used: u = initial velocity (m/s), v = final velocity (m/s), a = acceleration (m/s^2), t = time (s), s = distance or displacement (m).',
            'Speed = distance / time. Average speed = total distance / total time. Unit: m/s.',
            'Velocity = displacement / time. Velocity is a vector: always state the direction.',
            'Acceleration a = (v - u) / t. A negative value means the object is slowing down (retardation).',
            'Equations of uniform acceleration: (1) v = u + at. (2) s = ut + (1/2)at^2. (3) v^2 = u^2 + 2as. (4) s = ((u + v) / 2) x t.',
            'Free fall near the Earth: a = g = 9.8 m/s^2 downward. An object dropped from rest has u = 0.',
            'Unit conversion: 1 km/h = 5/18 m/s. Example: 72 km/h = 72 x 5 / 18 = 20 m/s.',
            'Velocity-time graph: the slope gives the acceleration; the area under the line gives the distance travelled.',
            'Method: list what you know (u, v, a, s, t), pick the equation that contains the unknown and three known values, convert to SI units, substitute, and write the unit in the answer.',
          ],
        },
      },
      {
        title: 'The equations of motion, with worked examples',
        minutes: 12,
        freePreview: true,
        kind: 'article',
        markdown: `When an object moves in a straight line with **constant acceleration**, four equations link its initial velocity u, final velocity v, acceleration a, time t and displacement s.

## The four equations

1. **v = u + at**
2. **s = ut + ½at²**
3. **v² = u² + 2as**
4. **s = ½(u + v)t**

Each equation leaves out one of the five quantities, so you can always choose the one that fits your problem.

## How to solve a problem

1. List the values you know, with units, and the one you need.
2. Pick the equation that contains exactly those quantities.
3. Convert to SI units, substitute and calculate.

## Worked examples

### Example 1: a car starting from rest

A car starts from rest and accelerates at 2 m/s² for 5 s. Find its final velocity and the distance covered.

- Known: u = 0, a = 2 m/s², t = 5 s
- v = u + at = 0 + 2 × 5 = **10 m/s**
- s = ut + ½at² = 0 + ½ × 2 × 5² = **25 m**

### Example 2: braking distance

A motorbike at 15 m/s brakes at −3 m/s² until it stops. Find the braking distance and time.

- Known: u = 15 m/s, v = 0, a = −3 m/s²
- v² = u² + 2as gives 0 = 15² + 2 × (−3) × s, so 6s = 225 and **s = 37.5 m**
- v = u + at gives 0 = 15 − 3t, so **t = 5 s**

### Example 3: free fall

A stone is dropped from a bridge and hits the water after 2 s. Take g = 9.8 m/s².

- Known: u = 0, a = 9.8 m/s², t = 2 s
- v = 0 + 9.8 × 2 = **19.6 m/s**
- s = ½ × 9.8 × 2² = **19.6 m** (the height of the bridge)

## Common mistakes

- Forgetting that "starts from rest" means **u = 0**.
- Using km/h instead of m/s.
- Dropping the minus sign when slowing down.

Read more on [Wikipedia: Equations of motion](https://en.wikipedia.org/wiki/Equations_of_motion).

## Try it yourself

A bus moving at 10 m/s accelerates at 1.5 m/s² for 4 s. Find its final velocity and the distance it covers in those 4 s. (Answers: 16 m/s and 52 m.)
`,
      },
      {
        title: 'Motion worksheet',
        minutes: 20,
        kind: 'file',
        file: {
          name: 'motion-worksheet.pdf',
          title: 'Motion worksheet: practice problems',
          paragraphs: [
            'Instructions: show every step, write the unit next to every number, and take g = 9.8 m/s^2. Answers are given at the end so you can check your work.',
            'Problem 1. A bus travels 150 km in 3 hours. Find its average speed in km/h and in m/s.',
            'Problem 2. An athlete runs once around a 400 m circular track in 80 s and finishes at the starting line. Find her average speed and her displacement.',
            'Problem 3. A car speeds up uniformly from 10 m/s to 25 m/s in 5 s. Find its acceleration.',
            'Problem 4. A train starts from rest with an acceleration of 0.5 m/s^2. Find its velocity after one minute and the distance it covers in that minute.',
            'Problem 5. A cyclist moving at 8 m/s applies the brakes and stops in 4 s. Find the retardation and the stopping distance.',
            'Problem 6. A stone dropped from a rooftop reaches the ground in 3 s. Find its speed just before it hits the ground and the height of the roof.',
            'Problem 7 (creative question). A car moves at 72 km/h. The driver sees a fallen tree 50 m ahead and brakes with a retardation of 5 m/s^2. (a) Convert the speed to m/s. (b) Find the stopping distance. (c) Does the car stop in time? Explain.',
            'Answers. 1: 50 km/h = 13.9 m/s. 2: 5 m/s, displacement 0 m. 3: 3 m/s^2. 4: 30 m/s, 900 m. 5: -2 m/s^2 (retardation 2 m/s^2), 16 m. 6: 29.4 m/s, 44.1 m. 7: (a) 20 m/s (b) 40 m (c) yes, it stops 10 m before the tree.',
          ],
        },
      },
      {
        title: 'Motion quiz',
        minutes: 10,
        translations: { bn: { title: 'গতির কুইজ' } },
        kind: 'quiz',
        quiz: MOTION_QUIZ,
      },
    ],
  },
  {
    title: "Force and Newton's laws",
    lessons: [
      {
        title: "Force, inertia and Newton's first law",
        minutes: 9,
        kind: 'article',
        markdown: `A **force** is a push or a pull that can change an object's state of rest or motion, its speed, its direction or its shape. Force is a vector and its SI unit is the **newton (N)**.

## Balanced and unbalanced forces

When several forces act on one object, we add them (taking direction into account) to find the **resultant** force.

- If the resultant is zero, the forces are **balanced** and the motion does not change.
- If the resultant is not zero, the forces are **unbalanced** and the object accelerates.

### Example

A box is pushed with 10 N to the right while friction pulls with 4 N to the left. Resultant = 10 N − 4 N = **6 N to the right**, so the box speeds up to the right.

## Inertia

**Inertia** is the tendency of an object to keep doing what it is already doing. The more **mass** an object has, the greater its inertia: a loaded truck is much harder to start or stop than a bicycle.

### Two kinds of inertia

1. **Inertia of rest**: when a bus starts suddenly, standing passengers fall backwards, because their bodies try to stay at rest.
2. **Inertia of motion**: when the bus brakes suddenly, passengers lurch forwards, because their bodies try to keep moving.

## Newton's first law

> An object remains at rest, or keeps moving with uniform velocity in a straight line, unless an unbalanced force acts on it.

This law tells us that a moving object does not need a force to **keep** moving; it needs a force to **change** its motion. On Earth, things seem to stop "by themselves" only because friction and air resistance are acting on them.

### Everyday examples

- Shaking a branch makes ripe mangoes fall: the branch moves, the fruit tends to stay at rest.
- Seat belts stop passengers from continuing forward when a car stops.
- Beating a carpet removes dust: the carpet moves, the dust stays behind.

Read more on [Wikipedia: Newton's laws of motion](https://en.wikipedia.org/wiki/Newton%27s_laws_of_motion).

## Try it yourself

1. Forces of 25 N east and 15 N west act on a cart. Find the resultant force.
2. Explain, using inertia, why an athlete runs a few steps before a long jump.
`,
      },
      {
        title: "Newton's second law: F = ma",
        minutes: 10,
        kind: 'article',
        markdown: `Newton's first law says an unbalanced force changes motion. The **second law** tells us by how much.

## The law

> The rate of change of momentum of an object is proportional to the unbalanced force acting on it and takes place in the direction of the force.

For an object of constant mass this becomes the famous equation

**F = ma**

- F = resultant force (N)
- m = mass (kg)
- a = acceleration (m/s²)

From this we define the unit: **1 N** is the force that gives a mass of 1 kg an acceleration of 1 m/s².

## What the equation tells us

- Double the force on the same mass and the acceleration doubles.
- Apply the same force to twice the mass and the acceleration halves.
- The acceleration is always in the direction of the **resultant** force.

## Worked examples

### Example 1: finding force

A car of mass 1200 kg accelerates at 2 m/s². What resultant force acts on it?

F = ma = 1200 kg × 2 m/s² = **2400 N**

### Example 2: forces that partly cancel

A 10 kg box is pushed with 50 N while friction opposes it with 20 N.

1. Resultant force = 50 N − 20 N = 30 N
2. a = F ÷ m = 30 N ÷ 10 kg = **3 m/s²**

### Example 3: combining with motion

A force of 600 N stops a 1500 kg car moving at 4 m/s. How long does it take?

1. a = −600 ÷ 1500 = −0.4 m/s²
2. v = u + at gives 0 = 4 − 0.4t, so **t = 10 s**

## Mass and weight

**Weight** is the force of gravity on an object: **W = mg**, with g = 9.8 m/s² on Earth. A student of mass 50 kg has weight 50 × 9.8 = **490 N**. Mass stays the same everywhere; weight changes on the Moon, where g is only about 1.6 m/s².

Read more on [Wikipedia: Force](https://en.wikipedia.org/wiki/Force).

## Try it yourself

1. What force gives a 0.5 kg ball an acceleration of 8 m/s²?
2. A 40 N resultant force acts on a trolley and it accelerates at 2 m/s². Find its mass.
3. Find your own weight in newtons.
`,
      },
      {
        title: "Newton's third law and momentum",
        minutes: 10,
        kind: 'article',
        markdown: `Forces always come in **pairs**. When you push a wall, the wall pushes back on you.

## Newton's third law

> To every action there is an equal and opposite reaction.

Action and reaction forces:

- are **equal** in size,
- act in **opposite** directions,
- act on **different** objects, so they never cancel each other out.

### Examples

- A swimmer pushes water backwards; the water pushes the swimmer forwards.
- A rocket pushes hot gas downwards; the gas pushes the rocket upwards.
- When you walk, your foot pushes the ground backwards and the ground pushes you forwards.

## Momentum

The **momentum** of an object is its mass times its velocity:

**p = mv**, unit kg m/s

Momentum is a vector, in the same direction as the velocity. A slow truck can have more momentum than a fast bicycle because its mass is so large.

### Example

A 0.15 kg cricket ball moves at 30 m/s. p = 0.15 × 30 = **4.5 kg m/s**.

## Conservation of momentum

If no outside force acts on a group of objects, their **total momentum stays the same**. This follows directly from the third law: the forces inside the group are equal and opposite, so the momentum one object gains, the other loses.

### Worked example: recoil of a gun

A gun of mass 4 kg fires a bullet of mass 0.02 kg at 400 m/s. Find the recoil velocity of the gun.

1. Total momentum before firing = 0 (both at rest).
2. After firing: (0.02 × 400) + (4 × v) = 0
3. 8 + 4v = 0, so **v = −2 m/s**

The minus sign shows the gun moves backwards at 2 m/s. This is why a shooter presses the gun firmly against the shoulder.

Read more on [Wikipedia: Momentum](https://en.wikipedia.org/wiki/Momentum).

## Try it yourself

1. Find the momentum of a 60 kg runner moving at 5 m/s.
2. A 50 kg boy jumps from a 100 kg boat onto the shore at 2 m/s. With what velocity does the boat move?
3. If action and reaction are equal, why does a horse cart move at all?
`,
      },
      {
        title: 'Friction',
        minutes: 8,
        kind: 'article',
        markdown: `**Friction** is the force that opposes motion, or attempted motion, between two surfaces in contact. It acts along the surfaces, in the direction opposite to the motion.

## Why friction happens

Even surfaces that look smooth have tiny bumps. When two surfaces press together, the bumps catch on each other. Pressing harder or using rougher surfaces gives more friction.

## Types of friction

1. **Static friction**: acts when you push an object but it does not move yet. It grows to match your push, up to a maximum value.
2. **Sliding friction**: acts when one surface slides over another. It is a little smaller than the maximum static friction.
3. **Rolling friction**: acts when a wheel or ball rolls. It is much smaller than sliding friction, which is why wheels were such a useful invention.
4. **Fluid friction**: the drag on objects moving through air or water.

## Worked examples

### Example 1: a box that does not move

You push a heavy cupboard with 30 N and it does not move. The forces are balanced, so static friction is **30 N** in the opposite direction.

### Example 2: a box that slides

A 5 kg box is pushed with 25 N and sliding friction is 10 N.

1. Resultant force = 25 N − 10 N = 15 N
2. a = F ÷ m = 15 ÷ 5 = **3 m/s²**

## Friction: helpful and harmful

### Helpful

- It lets us walk without slipping.
- Brakes use friction to stop bicycles and cars.
- It lets us hold a pen and write.

### Harmful

- It wears out tyres, shoes and machine parts.
- It wastes energy as heat in engines.

## Reducing friction

- Use **lubricants** such as oil or grease.
- Use **ball bearings** so parts roll instead of slide.
- Make surfaces **smoother** and give vehicles a **streamlined** shape.

Read more on [Wikipedia: Friction](https://en.wikipedia.org/wiki/Friction).

## Try it yourself

1. A 20 kg trolley is pulled with 70 N and friction is 30 N. Find its acceleration.
2. Give two ways friction is increased on purpose in daily life.
`,
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Mathematics for Class Four: Fractions
// ---------------------------------------------------------------------------------------------

const FRACTIONS: SeedSection[] = [
  {
    title: 'What a fraction is',
    lessons: [
      {
        title: 'Sharing fairly: halves and quarters',
        minutes: 6,
        freePreview: true,
        kind: 'article',
        markdown: `Imagine you have one roti and your friend wants some too. If you tear it into two pieces of the **same size**, each of you gets **one half**. That is a fraction!

## What is a fraction?

A **fraction** is a part of a whole that has been cut into **equal** parts.

The most important word is **equal**. If you cut a roti into one big piece and one tiny piece, those are not halves.

## Halves

When one whole is cut into **2 equal parts**, each part is **one half**. We write it as **1/2**.

- Half of an apple
- Half of a glass of milk
- Half of a page

## Quarters

When one whole is cut into **4 equal parts**, each part is **one quarter** (also called one fourth). We write it as **1/4**.

Two quarters together make a half. Four quarters together make the whole thing again!

| Cut into | Name of one part | We write |
|---|---|---|
| 2 equal parts | one half | 1/2 |
| 3 equal parts | one third | 1/3 |
| 4 equal parts | one quarter | 1/4 |

## Let's fold paper

1. Take a square piece of paper.
2. Fold it in the middle so the edges match. Open it. You have **2 halves**.
3. Fold it again the other way. Open it. Now you have **4 quarters**.
4. Colour one part. You have coloured **1/4** of the paper.

## Examples

### A chocolate bar

Mina has a chocolate bar with 4 equal pieces. She eats 1 piece. She ate **1/4** of the bar. If she eats 2 pieces, she ate **2/4**, which is the same as **half** the bar.

### A glass of water

A glass is filled right to the top, and Tuhin drinks until the water is at the middle line. He drank **1/2** of the water.

Want to see more pictures? Look at [Wikipedia: Fraction](https://en.wikipedia.org/wiki/Fraction) with a grown-up.

## Try it yourself

1. Draw a circle and cut it into 2 equal parts. Colour 1/2.
2. Draw a rectangle and cut it into 4 equal parts. Colour 1/4.
3. Is a roti cut into one big piece and one small piece cut into halves? Why or why not?
`,
      },
      {
        title: 'Numerator and denominator',
        minutes: 6,
        kind: 'article',
        markdown: `Every fraction has **two numbers** with a line between them. Each number has a special name and a special job.

## The two parts of a fraction

Look at the fraction **3/5**.

- The number on the **bottom** is the **denominator**. It tells us how many **equal parts** the whole is cut into. Here it is 5.
- The number on the **top** is the **numerator**. It tells us how many of those parts we are **taking** or **colouring**. Here it is 3.

A trick to remember: **D**enominator is **D**own.

## Reading fractions aloud

| Fraction | Numerator | Denominator | We say |
|---|---|---|---|
| 1/2 | 1 | 2 | one half |
| 2/3 | 2 | 3 | two thirds |
| 3/4 | 3 | 4 | three quarters |
| 5/8 | 5 | 8 | five eighths |
| 7/10 | 7 | 10 | seven tenths |

## Worked examples

### Example 1

A pizza is cut into **8** equal slices. Rafi eats **3** slices.

- Denominator = 8 (the number of equal slices)
- Numerator = 3 (the slices Rafi ate)
- Rafi ate **3/8** of the pizza.

### Example 2

A class has 10 students. 6 of them are girls. What fraction are girls?

The whole is the class, so the denominator is 10. The girls are 6, so the numerator is 6. The answer is **6/10**.

## A whole one

When the numerator and the denominator are the **same**, like 4/4 or 6/6, we have taken **all** the parts. That is **one whole**.

Read more about [numerators and denominators on Wikipedia](https://en.wikipedia.org/wiki/Fraction).

## Try it yourself

1. In 4/9, which number is the numerator? Which is the denominator?
2. A cake is cut into 6 equal pieces and 5 are eaten. What fraction was eaten? What fraction is left?
3. Write "two fifths" using numbers.
`,
      },
      {
        title: 'Watch: what is a fraction?',
        minutes: 1,
        kind: 'video',
        clip: 'fractions',
        transcript:
          'Here is one whole rectangle. We cut it into four equal parts. ' +
          'Each part is one quarter of the whole, and we write it as 1 over 4. ' +
          'Now we colour three of the parts, so we have coloured three quarters, written 3 over 4. ' +
          'The bottom number, the denominator, tells how many equal parts there are. ' +
          'The top number, the numerator, tells how many of those parts we take.',
      },
      {
        title: 'Fractions on a number line',
        minutes: 7,
        kind: 'article',
        markdown: `You already know how to put whole numbers like 0, 1, 2 and 3 on a **number line**. Fractions live on the number line too, in the spaces **between** the whole numbers.

## Between 0 and 1

Fractions like 1/2, 1/4 and 3/4 are **smaller than 1**, so they sit between 0 and 1.

### How to mark quarters

1. Draw a line and mark **0** at the left and **1** at the right.
2. Look at the denominator. For quarters it is **4**, so cut the space into **4 equal jumps**.
3. Count the jumps from 0: the first mark is **1/4**, then **2/4**, then **3/4**, and the fourth jump lands on **4/4**, which is **1**.

It looks like this:

| 0 | 1/4 | 2/4 | 3/4 | 1 |
|---|---|---|---|---|
| start | 1 jump | 2 jumps | 3 jumps | 4 jumps |

## What the number line shows us

- The **numerator** tells you how many jumps to make.
- The **denominator** tells you how big each jump is. A bigger denominator means **smaller** jumps.
- A fraction further to the **right** is **bigger**.

## Worked example

Mark 3/5 on a number line.

1. Draw 0 and 1.
2. The denominator is 5, so make **5 equal jumps** between them.
3. The numerator is 3, so count **3 jumps** from 0. Put a dot there. That is 3/5.

Because 3/5 is more than halfway along, we know 3/5 is **more than one half**.

## Walking to school

Sumi's school is 1 km away. She stops to buy a pen after walking 2/4 of the way. On a number line from 0 to 1, that is exactly in the **middle**: she is halfway there!

You can learn more about the [number line on Wikipedia](https://en.wikipedia.org/wiki/Number_line).

## Try it yourself

1. Draw a number line from 0 to 1 and mark 1/3 and 2/3.
2. Draw another one and mark 1/8, 4/8 and 7/8.
3. Which is closer to 1: 3/4 or 1/4?
`,
      },
    ],
  },
  {
    title: 'Equivalent and comparing fractions',
    lessons: [
      {
        title: 'Equivalent fractions',
        minutes: 8,
        kind: 'article',
        markdown: `Fold a paper in half and colour one half. Now fold it again. You still have the same coloured part, but now it is **2 out of 4** parts. So **1/2 and 2/4 are the same amount**. Fractions that show the same amount are called **equivalent fractions**.

## Seeing it with a chocolate bar

| Bar cut into | Pieces you take | Fraction | Same as half? |
|---|---|---|---|
| 2 pieces | 1 | 1/2 | yes |
| 4 pieces | 2 | 2/4 | yes |
| 6 pieces | 3 | 3/6 | yes |
| 8 pieces | 4 | 4/8 | yes |

All of these are the **same amount** of chocolate.

## How to make equivalent fractions

**Multiply** the numerator and the denominator by the **same number**.

### Example 1

Find two fractions equivalent to 2/3.

1. Multiply top and bottom by 2: 2 × 2 = 4 and 3 × 2 = 6. So 2/3 = **4/6**.
2. Multiply top and bottom by 3: 2 × 3 = 6 and 3 × 3 = 9. So 2/3 = **6/9**.

### Example 2

Fill in the box: 1/4 = ?/12

The bottom changed from 4 to 12. That is **× 3**. So the top must also be × 3: 1 × 3 = 3. The answer is **3/12**.

## Making a fraction simpler

You can also **divide** the top and bottom by the same number. This gives the **simplest form**.

- 6/8: divide both by 2, and you get **3/4**.
- 5/10: divide both by 5, and you get **1/2**.

## Remember

- Multiply or divide the top **and** the bottom, never just one of them.
- Use the **same** number for both.

Read more on [Wikipedia: Equivalent fractions](https://en.wikipedia.org/wiki/Fraction).

## Try it yourself

1. Write three fractions equivalent to 1/3.
2. Fill in the box: 3/5 = ?/10
3. Write 4/12 in its simplest form.
`,
      },
      {
        title: 'Comparing fractions: which is bigger?',
        minutes: 8,
        freePreview: true,
        kind: 'article',
        markdown: `Would you rather have 3/8 of a cake or 5/8 of a cake? To answer, we need to **compare** fractions. We use the signs **>** (greater than), **<** (less than) and **=** (equal to).

## Rule 1: same denominator

When the bottom numbers are the **same**, the pieces are the same size. So just look at the top numbers: **more pieces means more cake**.

- 5/8 and 3/8: 5 is more than 3, so **5/8 > 3/8**.
- 2/6 and 4/6: 2 is less than 4, so **2/6 < 4/6**.

## Rule 2: same numerator

When the top numbers are the **same**, you have the same number of pieces, but the pieces are different sizes. A **bigger** denominator means the whole is cut into **more** parts, so each part is **smaller**.

| Fraction | Pieces in the whole | Size of each piece |
|---|---|---|
| 1/2 | 2 | big |
| 1/4 | 4 | smaller |
| 1/8 | 8 | even smaller |

So **1/2 > 1/4 > 1/8**. And 3/5 > 3/10, because fifths are bigger than tenths.

## Rule 3: different numerators and denominators

Make the denominators the same first, using **equivalent fractions**.

### Worked example

Compare 2/3 and 3/4.

1. Find a number both 3 and 4 go into: **12**.
2. 2/3 = 8/12 (multiply top and bottom by 4).
3. 3/4 = 9/12 (multiply top and bottom by 3).
4. 9/12 is more than 8/12, so **3/4 > 2/3**.

## A quick check with one half

Is a fraction more or less than 1/2? Double the numerator. If the answer is **bigger** than the denominator, the fraction is more than a half. For 4/7: 4 + 4 = 8, and 8 is bigger than 7, so 4/7 is **more** than a half.

Read more on [Wikipedia: Fraction](https://en.wikipedia.org/wiki/Fraction).

## Try it yourself

Put >, < or = between each pair:

1. 4/9 and 7/9
2. 1/3 and 1/6
3. 2/4 and 1/2
4. 3/5 and 1/2
`,
      },
      {
        title: 'Ordering fractions',
        minutes: 7,
        kind: 'article',
        markdown: `Once you can compare two fractions, you can put a whole group of them **in order**, from the smallest to the biggest (**ascending** order) or from the biggest to the smallest (**descending** order).

## Ordering fractions with the same denominator

This is the easiest kind. Look only at the **numerators**.

### Example 1

Put 5/9, 2/9, 8/9 and 1/9 in ascending order.

The denominators are all 9, so order the numerators: 1, 2, 5, 8.

Answer: **1/9, 2/9, 5/9, 8/9**

## Ordering fractions with the same numerator

Now look at the **denominators**. Remember: the bigger the denominator, the **smaller** the pieces.

### Example 2

Put 1/3, 1/10, 1/2 and 1/5 in ascending order.

The smallest pieces come from the biggest denominator.

Answer: **1/10, 1/5, 1/3, 1/2**

## Ordering mixed groups

When the fractions are all different, change them to **equivalent fractions** with the same denominator first.

### Example 3

Put 1/2, 3/8 and 3/4 in descending order.

1. All the denominators go into **8**.
2. 1/2 = 4/8 and 3/4 = 6/8. And 3/8 stays as it is.
3. Now compare 4/8, 3/8 and 6/8 by their numerators.
4. Biggest to smallest: 6/8, 4/8, 3/8.

Answer: **3/4, 1/2, 3/8**

## Words to know

- **Ascending**: going up, smallest first.
- **Descending**: going down, biggest first.

## Helpful steps to follow

1. Check: are the denominators the same? Are the numerators the same?
2. If neither, make the denominators the same.
3. Order them, then write the answer using the **original** fractions.

## A real-life example

Three friends drank juice. Rina drank 2/5 of a glass, Tomal drank 4/5 and Joya drank 3/5. Who drank the most? Same denominators, so compare 2, 4 and 3. **Tomal** drank the most.

See more examples on [Wikipedia: Fraction](https://en.wikipedia.org/wiki/Fraction).

## Try it yourself

1. Put 3/7, 6/7, 1/7 and 5/7 in ascending order.
2. Put 2/3, 2/9 and 2/5 in descending order.
3. Put 1/4, 5/8 and 1/2 in ascending order.
`,
      },
      {
        title: 'Check yourself: comparing fractions',
        minutes: 10,
        kind: 'quiz',
        quiz: {
          passPercent: 60,
          timeLimitMinutes: 10,
          maxAttempts: 3,
          shuffleQuestions: true,
          shuffleOptions: false,
          questions: [
            {
              id: 'bigger',
              kind: 'single',
              prompt: 'Which fraction is bigger?',
              explanation: 'With the same numerator, the smaller denominator gives bigger parts: 2/3 > 2/5.',
              options: [
                { id: 'two-thirds', text: '2/3', correct: true },
                { id: 'two-fifths', text: '2/5', correct: false },
              ],
            },
            {
              id: 'equivalent',
              kind: 'multiple',
              prompt: 'Which fractions are equal to 1/2?',
              explanation: 'Multiply the top and the bottom of 1/2 by the same number: 2/4, 3/6, 4/8 …',
              options: [
                { id: 'two-fourths', text: '2/4', correct: true },
                { id: 'three-sixths', text: '3/6', correct: true },
                { id: 'two-thirds', text: '2/3', correct: false },
              ],
            },
            {
              id: 'like',
              kind: 'trueFalse',
              prompt: '5/8 is bigger than 3/8.',
              explanation: 'Like fractions: compare the numerators, 5 > 3.',
              options: [
                { id: 'true', text: 'True', correct: true },
                { id: 'false', text: 'False', correct: false },
              ],
            },
            {
              id: 'missing',
              kind: 'numeric',
              prompt: 'Fill in the missing number: 3/4 = ?/12',
              explanation: '4 × 3 = 12, so the top is 3 × 3 = 9.',
              options: [],
              numeric: { value: 9, tolerance: 0 },
            },
          ],
        },
      },
    ],
  },
  {
    title: 'Adding and subtracting like fractions',
    lessons: [
      {
        title: 'Adding like fractions',
        minutes: 8,
        kind: 'article',
        markdown: `**Like fractions** are fractions with the **same denominator**, such as 2/7 and 3/7. Adding them is easy once you know one simple rule.

## The rule

**Add the numerators. Keep the denominator the same.**

Why? The denominator tells us the **size** of the pieces. If you add sevenths to sevenths, you still have sevenths, just more of them.

## Worked examples

### Example 1

2/7 + 3/7

1. Add the tops: 2 + 3 = 5.
2. Keep the bottom: 7.
3. Answer: **5/7**

### Example 2: a pizza story

Ali eats 1/6 of a pizza and Bina eats 4/6 of it. How much did they eat together?

1/6 + 4/6 = **5/6** of the pizza.

### Example 3: making a whole

3/8 + 5/8 = 8/8. When the top and bottom are the same, that is **1 whole**.

## A common mistake

Some children add the bottoms too. Remember:

- the **top** numbers are added,
- the **bottom** number stays the same.


| Wrong way | Right way |
|---|---|
| 1/4 + 2/4 = 3/8 | 1/4 + 2/4 = 3/4 |

Think about it: 1/4 of a roti plus 2/4 of a roti cannot be **less** than half a roti, but 3/8 is less than half. So 3/8 must be wrong!

## Adding three fractions

It works the same way. 1/10 + 3/10 + 4/10: add 1 + 3 + 4 = 8. Answer: **8/10**, which you can simplify to **4/5**.

## Steps to remember

1. Check that the denominators are the **same**.
2. Add the numerators.
3. Write the same denominator.
4. Simplify if you can.

Practise more with pictures at [Wikipedia: Fraction](https://en.wikipedia.org/wiki/Fraction).

## Try it yourself

1. 2/5 + 1/5 = ?
2. 3/9 + 4/9 = ?
3. 5/12 + 7/12 = ? (Hint: look for a whole.)
4. Nila read 2/8 of a book on Monday and 3/8 on Tuesday. What fraction has she read?
`,
      },
      {
        title: 'Subtracting like fractions',
        minutes: 8,
        kind: 'article',
        markdown: `Subtracting like fractions works just like adding them. The pieces are all the same size, so we only need to count how many are **taken away**.

## The rule

**Subtract the numerators. Keep the denominator the same.**

## Worked examples

### Example 1

5/6 − 2/6

1. Subtract the tops: 5 − 2 = 3.
2. Keep the bottom: 6.
3. Answer: **3/6**, which is the same as **1/2**.

### Example 2: a cake story

Mother baked a cake cut into 8 equal pieces. There were 7/8 of the cake left in the evening, and the children ate 4/8 of it. How much cake is left now?

7/8 − 4/8 = **3/8** of the cake.

### Example 3: taking away from a whole

What is 1 − 3/8?

A whole cake cut into 8 pieces is 8/8. So:

1. Write 1 as **8/8**.
2. 8/8 − 3/8 = **5/8**

## Adding and subtracting together

Work from left to right:

3/10 + 6/10 − 4/10

1. 3/10 + 6/10 = 9/10
2. 9/10 − 4/10 = **5/10** = **1/2**

## Checking your answer

You can check a subtraction by adding. If 5/6 − 2/6 = 3/6, then 3/6 + 2/6 should give back 5/6. It does!

| Subtraction | Check by adding |
|---|---|
| 7/9 − 4/9 = 3/9 | 3/9 + 4/9 = 7/9 |
| 1 − 2/5 = 3/5 | 3/5 + 2/5 = 5/5 = 1 |

## Steps to remember

- Make sure the denominators are the **same**.
- Subtract only the **numerators**.
- Write 1 as a fraction like 4/4 or 8/8 when you need to.
- Simplify at the end.

More on fractions at [Wikipedia: Fraction](https://en.wikipedia.org/wiki/Fraction).

## Try it yourself

1. 6/7 − 2/7 = ?
2. 9/10 − 3/10 = ? (Simplify your answer.)
3. 1 − 1/4 = ?
4. A bottle was 5/6 full of water. Rahul drank 3/6 of the bottle. How full is it now?
`,
      },
      {
        title: 'Fractions of money and time',
        minutes: 8,
        kind: 'article',
        markdown: `Fractions are not only about pizzas and cakes. We use them every day with **money** and **time**. "Half an hour" and "a quarter of the money" are fractions!

## Finding a fraction of an amount

To find a fraction of a number:

1. **Divide** by the denominator (to find one part).
2. **Multiply** by the numerator (to take that many parts).

### Example 1: money

What is 1/2 of 100 taka?

100 ÷ 2 = **50 taka**

### Example 2: money

Ruma has 60 taka. She spends 3/4 of it on books. How much does she spend?

1. One quarter: 60 ÷ 4 = 15 taka.
2. Three quarters: 15 × 3 = **45 taka**.
3. She has 60 − 45 = **15 taka** left.

## Fractions of an hour

One hour has **60 minutes**.

| Fraction of an hour | Working | Minutes |
|---|---|---|
| 1/2 hour | 60 ÷ 2 | 30 minutes |
| 1/4 hour | 60 ÷ 4 | 15 minutes |
| 3/4 hour | 60 ÷ 4 × 3 | 45 minutes |
| 1/3 hour | 60 ÷ 3 | 20 minutes |

### Example 3: homework time

Sakib does homework for 3/4 of an hour. How many minutes is that?

60 ÷ 4 = 15, and 15 × 3 = **45 minutes**.

## Fractions of a day

One day has **24 hours**. If you sleep for 1/3 of the day, you sleep 24 ÷ 3 = **8 hours**.

## Useful facts to remember

- 1 hour = 60 minutes
- 1 day = 24 hours
- 1 taka = 100 poisha

Learn more about [units of time on Wikipedia](https://en.wikipedia.org/wiki/Unit_of_time).

## Try it yourself

1. What is 1/4 of 80 taka?
2. What is 2/5 of 50 taka?
3. How many minutes are there in 1/6 of an hour?
4. A film lasts 1 and 1/2 hours. How many minutes is that?
`,
      },
      {
        title: 'Fractions practice sheet',
        minutes: 15,
        kind: 'file',
        file: {
          name: 'fractions-practice-sheet.pdf',
          title: 'Fractions practice sheet (Class Four)',
          paragraphs: [
            'Name: ____________________   Date: ____________. Use a pencil. Draw pictures if they help you. The answers are at the end: try every question before you look!',
            '1. A roti is cut into 4 equal pieces and you eat 1 piece. What fraction did you eat? What fraction is left?',
            '2. In the fraction 5/8, which number is the numerator and which is the denominator? What does each number tell us?',
            '3. Draw a number line from 0 to 1 and mark 1/4, 2/4 and 3/4 on it.',
            '4. Fill in the boxes to make equivalent fractions: 1/2 = __/6 and 2/5 = __/10.',
            '5. Write 6/9 in its simplest form.',
            '6. Put >, < or = in each gap: 3/7 __ 5/7, 1/4 __ 1/6, 4/8 __ 1/2.',
            '7. Put these fractions in order from the smallest to the biggest: 5/6, 1/6, 3/6, 2/6.',
            '8. Add: 2/9 + 5/9 = __ and 3/10 + 7/10 = __.',
            '9. Subtract: 7/8 - 2/8 = __ and 1 - 2/5 = __.',
            '10. Lima has 80 taka. She spends 1/4 of it on a notebook. How much does the notebook cost? How much money is left?',
            '11. A lesson lasts 3/4 of an hour. How many minutes is that?',
            'Answers: 1) 1/4 eaten, 3/4 left. 2) Numerator 5 (parts taken), denominator 8 (equal parts in the whole). 3) Four equal jumps from 0 to 1. 4) 3/6 and 4/10. 5) 2/3. 6) <, >, =. 7) 1/6, 2/6, 3/6, 5/6. 8) 7/9 and 10/10 = 1. 9) 5/8 and 3/5. 10) 20 taka, 60 taka left. 11) 45 minutes.',
          ],
        },
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Python Basics in Seven Days
// ---------------------------------------------------------------------------------------------

const PYTHON: SeedSection[] = [
  {
    title: 'Getting started',
    lessons: [
      {
        title: 'What Python is and how to install it',
        minutes: 8,
        freePreview: true,
        kind: 'article',
        markdown: `**Python** is a programming language: a way of writing instructions that a computer can follow. It is popular with beginners because its code reads almost like English, and with professionals because it is used for websites, data science, games and automation.

## What you need

- A computer running Windows, macOS or Linux
- About 30 minutes
- No previous programming experience

## Installing Python

1. Go to [python.org/downloads](https://www.python.org/downloads/) and download the latest **Python 3** version.
2. Run the installer. On Windows, tick the box **"Add python.exe to PATH"** before you click Install. This is the step most beginners miss.
3. On macOS, run the downloaded package. On most Linux systems Python 3 is already installed.

### Check that it works

Open a terminal (Command Prompt on Windows, Terminal on macOS or Linux) and type:

\`\`\`bash
python --version
\`\`\`

You should see something like \`Python 3.12.4\`. On macOS and Linux you may need to type \`python3\` instead of \`python\`.

## Choosing an editor

You write Python code in plain text files ending in \`.py\`. Two good choices:

- **IDLE**, which is installed together with Python. Simple and enough for this course.
- **Visual Studio Code** from [code.visualstudio.com](https://code.visualstudio.com/), with the Python extension. More features, used by professionals.

## The interactive shell

Type \`python\` on its own in the terminal and you get the **interactive shell**, shown by the \`>>>\` prompt. Python runs each line as soon as you press Enter:

\`\`\`python
>>> 2 + 3
5
>>> print("Salam!")
Salam!
\`\`\`

The shell is perfect for quick experiments. For real programs, save your code in a file and run it with \`python myfile.py\`. Type \`exit()\` to leave the shell.

## Try it yourself

1. Install Python and check the version number.
2. Open the interactive shell and calculate 365 * 24, the number of hours in a year.
3. Find out which version of Python you installed and write it down.
`,
      },
      {
        title: 'Your first program: print and comments',
        minutes: 8,
        kind: 'article',
        markdown: `Every programmer's first program shows a message on the screen. In Python this takes just one line.

## Hello, world

Create a file called \`hello.py\`, type this line and save it:

\`\`\`python
print("Hello, world!")
\`\`\`

Run it from the terminal with \`python hello.py\`. You should see:

\`\`\`text
Hello, world!
\`\`\`

## How print works

\`print\` is a **function**: a named command that does a job. You give it values inside round brackets, and it shows them on the screen.

- Text must be inside **quotes**, either "double" or 'single'. Text in quotes is called a **string**.
- Numbers do not need quotes.
- Separate several values with **commas**; \`print\` puts a space between them.

\`\`\`python
print("I am", 12, "years old")
print(7 * 6)
print()
print("Done!")
\`\`\`

Output:

\`\`\`text
I am 12 years old
42

Done!
\`\`\`

An empty \`print()\` prints a blank line. Python runs your lines **one after another, from top to bottom**.

## Comments

Anything after a **#** sign is a **comment**. Python ignores it; comments are notes for humans.

\`\`\`python
print("Total:", 250 + 120)  # prices of a pen and a notebook
\`\`\`

Use comments to explain **why** the code does something, not to repeat what it obviously does.

## When things go wrong

Mistakes are normal. Python tells you what went wrong and on which line:

1. **SyntaxError**: the code is not written correctly, such as a missing quote or bracket.
2. **NameError**: you used a name Python does not know, for example \`Print\` with a capital P.

### Reading an error message

Read the **last line** of the error message first; it usually says exactly what the problem is. See the [print function in the Python docs](https://docs.python.org/3/library/functions.html#print).

## Try it yourself

1. Write a program that prints your name, your class and your favourite food on three lines.
2. Remove one quote mark on purpose and read the error message.
3. Print the result of 1000 - 365.
`,
      },
      {
        title: 'Watch: your first Python program',
        minutes: 1,
        kind: 'video',
        clip: 'python',
        transcript:
          'We open the editor and create a new file called hello.py. ' +
          'On the first line we type print, an opening bracket, the words Hello, Knowledge Zone inside quotes, and a closing bracket. ' +
          'We save the file and run it, and the message appears in the terminal below. ' +
          'Then we change the text and run it again, to see that Python does exactly what the code says. ' +
          'That is the whole cycle of programming: write, run, look at the result, and improve.',
      },
    ],
  },
  {
    title: 'Variables and types',
    lessons: [
      {
        title: 'Variables: giving names to values',
        minutes: 8,
        kind: 'article',
        markdown: `A **variable** is a name that refers to a value, like a labelled box where you keep something so you can use it later.

## Creating a variable

You create a variable with an **assignment**: a name, an equals sign, and a value.

\`\`\`python
name = "Rina"
age = 13
height = 1.52

print(name, "is", age, "years old")
\`\`\`

The \`=\` sign does **not** mean "is equal to" as in maths. It means "store the value on the right under the name on the left".

## Changing a variable

A variable can be given a new value at any time. The old value is replaced.

\`\`\`python
score = 0
score = score + 10   # take the old score, add 10, store it again
score += 5           # a shortcut for score = score + 5
print(score)         # 15
\`\`\`

## Rules for names

1. Names can contain **letters, digits and underscores** (\`_\`).
2. A name **cannot start with a digit**: \`2nd_place\` is not allowed.
3. Names are **case-sensitive**: \`Age\` and \`age\` are different variables.
4. You cannot use Python's **keywords**, such as \`if\`, \`for\` or \`def\`, as names. Also avoid the names of built-in functions: a variable called \`print\` would stop \`print()\` from working.

### Good habits

- Use clear names: \`total_price\` is better than \`tp\`.
- Python programmers write names in **snake_case**: lowercase words joined by underscores.

## Worked example: swapping two values

\`\`\`python
a = 5
b = 9
a, b = b, a
print(a, b)   # 9 5
\`\`\`

Python can assign several variables at once, which makes swapping very easy.

## Why variables matter

Variables let you write a calculation once and reuse it with different values. Change \`price\` at the top of a program and every line that uses it updates automatically.

Read more in the official [Python tutorial](https://docs.python.org/3/tutorial/introduction.html).

## Try it yourself

1. Create variables \`city\` and \`population\` and print a sentence using both.
2. Start with \`coins = 20\`, add 15, subtract 8, and print the result.
3. Which of these names are valid: \`my_score\`, \`3d_game\`, \`total-price\`, \`_count\`?
`,
      },
      {
        title: 'Numbers, strings and booleans',
        minutes: 10,
        kind: 'article',
        markdown: `Every value in Python has a **type**. The type decides what you can do with the value. You can always ask Python with the \`type()\` function.

## The four basic types

| Type | Meaning | Examples |
|---|---|---|
| \`int\` | whole numbers | \`7\`, \`-3\`, \`2024\` |
| \`float\` | numbers with a decimal point | \`3.14\`, \`0.5\`, \`-2.0\` |
| \`str\` | text (strings) | \`"hello"\`, \`'Dhaka'\` |
| \`bool\` | true or false | \`True\`, \`False\` |

\`\`\`python
print(type(42))       # <class 'int'>
print(type("42"))     # <class 'str'>
\`\`\`

Notice that:

- \`42\` is a number, so you can do arithmetic with it;
- \`"42"\` is text, so you cannot.

## Arithmetic with numbers

| Operator | Meaning | Example | Result |
|---|---|---|---|
| \`+\` | add | \`7 + 2\` | \`9\` |
| \`-\` | subtract | \`7 - 2\` | \`5\` |
| \`*\` | multiply | \`7 * 2\` | \`14\` |
| \`/\` | divide | \`7 / 2\` | \`3.5\` |
| \`//\` | whole-number divide | \`7 // 2\` | \`3\` |
| \`%\` | remainder | \`7 % 2\` | \`1\` |
| \`**\` | power | \`7 ** 2\` | \`49\` |

Python follows the usual order of operations: \`2 + 3 * 4\` is \`14\`, and \`(2 + 3) * 4\` is \`20\`.

## Working with strings

\`\`\`python
first = "Karim"
last = "Uddin"
full = first + " " + last        # joining strings
print(full)                      # Karim Uddin
print(full.upper())              # KARIM UDDIN
print("ha" * 3)                  # hahaha
\`\`\`

### f-strings

The neatest way to put values inside text is an **f-string**: put an \`f\` before the quotes and the variables in curly braces.

\`\`\`python
item = "mango"
price = 40
print(f"Five {item}s cost {price * 5} taka.")
\`\`\`

## Booleans

A **bool** is the answer to a yes/no question. Comparisons produce booleans:

\`\`\`python
print(10 > 3)      # True
print(5 == 6)      # False
\`\`\`

See more in the [Python tutorial on numbers and strings](https://docs.python.org/3/tutorial/introduction.html).

## Try it yourself

1. What do \`17 // 5\` and \`17 % 5\` give? Check in the shell.
2. Store your first and last name in two variables and print your full name in capitals.
3. Use an f-string to print "There are 7 days in a week and 168 hours."
`,
      },
      {
        title: 'Reading input and converting types',
        minutes: 8,
        kind: 'article',
        markdown: `Programs become much more fun when they respond to the person using them. The \`input()\` function asks the user to type something.

## Asking a question

\`\`\`python
name = input("What is your name? ")
print(f"Nice to meet you, {name}!")
\`\`\`

When the program reaches \`input\`, it shows the question and **waits** until the user types an answer and presses Enter. The answer is stored in the variable.

## Input is always text

This is the most important fact about \`input()\`: it **always gives back a string**, even if the user types digits.

\`\`\`python
age = input("How old are you? ")
print(age + 1)    # TypeError: can only concatenate str (not "int") to str
\`\`\`

## Converting types

Use these functions to change one type into another:

- \`int("25")\` gives the integer \`25\`
- \`float("2.5")\` gives the float \`2.5\`
- \`str(99)\` gives the string \`"99"\`

### Worked example: age next year

\`\`\`python
age = int(input("How old are you? "))
print(f"Next year you will be {age + 1}.")
\`\`\`

### Worked example: a simple bill

\`\`\`python
price = float(input("Price of one pen (taka): "))
count = int(input("How many pens? "))
total = price * count
print(f"Total: {total} taka")
\`\`\`

If the user types 12.5 and 4, the program prints \`Total: 50.0 taka\`.

## When conversion fails

If the user types \`ten\` instead of \`10\`, \`int()\` cannot convert it and Python stops with a **ValueError**. Later you will learn how to check input before converting it. For now, type numbers carefully when testing.

## Steps for an input program

1. Ask for each value with \`input()\`.
2. Convert numbers with \`int()\` or \`float()\`.
3. Calculate.
4. Print a clear answer with an f-string.

Read about [input() in the Python docs](https://docs.python.org/3/library/functions.html#input).

## Try it yourself

1. Ask for the length and width of a rectangle and print its area.
2. Ask for a temperature in Celsius and print it in Fahrenheit (F = C * 9 / 5 + 32).
3. What happens if you forget \`int()\` and type 5 for both numbers in an addition program?
`,
      },
    ],
  },
  {
    title: 'Decisions and loops',
    lessons: [
      {
        title: 'Making decisions with if, elif and else',
        minutes: 10,
        freePreview: true,
        kind: 'article',
        markdown: `Real programs need to make choices: show "You win!" only if the score is high enough, or refuse a password that is too short. In Python, choices are made with \`if\`.

## Comparison operators

A decision starts with a **condition**, a question whose answer is \`True\` or \`False\`.

| Operator | Meaning |
|---|---|
| \`==\` | equal to |
| \`!=\` | not equal to |
| \`<\` and \`>\` | less than, greater than |
| \`<=\` and \`>=\` | less or equal, greater or equal |

Be careful: \`=\` stores a value, \`==\` compares two values.

## if and else

\`\`\`python
age = int(input("Your age: "))

if age >= 18:
    print("You can vote.")
else:
    years = 18 - age
    print(f"You can vote in {years} years.")
\`\`\`

Two things to notice:

1. The line with \`if\` or \`else\` ends with a **colon** (\`:\`).
2. The lines that belong to it are **indented** by four spaces. Indentation is how Python knows which lines are inside the decision.

## More choices with elif

\`elif\` means "else if". Python checks the conditions from top to bottom and runs **only the first** one that is true.

### Worked example: a grade calculator

\`\`\`python
marks = int(input("Marks out of 100: "))

if marks >= 80:
    grade = "A+"
elif marks >= 70:
    grade = "A"
elif marks >= 60:
    grade = "A-"
elif marks >= 33:
    grade = "Pass"
else:
    grade = "Fail"

print(f"Your grade: {grade}")
\`\`\`

For 75 marks, the first condition is false, the second is true, so the grade is **A** and the rest are skipped.

## Combining conditions

- \`and\`: both must be true
- \`or\`: at least one must be true
- \`not\`: flips true and false

\`\`\`python
if 10 <= age and age <= 16:
    print("You can join the junior club.")
\`\`\`

Read more in the [Python tutorial: control flow](https://docs.python.org/3/tutorial/controlflow.html).

## Try it yourself

1. Ask for a number and print whether it is even or odd. (Hint: \`number % 2 == 0\`.)
2. Ask for a temperature and print "Hot" above 30, "Pleasant" from 20 to 30, and "Cold" below 20.
3. What goes wrong if you forget the colon after \`if\`?
`,
      },
      {
        title: 'Repeating with for and while loops',
        minutes: 12,
        kind: 'article',
        markdown: `Computers are great at repeating things without getting bored. A **loop** runs the same block of code many times.

## The for loop

A \`for\` loop repeats once for each item in a sequence. \`range(n)\` gives the numbers from 0 up to, but **not including**, n.

\`\`\`python
for i in range(5):
    print("Round", i)
\`\`\`

This prints Round 0, Round 1, Round 2, Round 3 and Round 4.

### Choosing where to start and stop

- \`range(1, 6)\` gives 1, 2, 3, 4, 5
- \`range(0, 20, 5)\` gives 0, 5, 10, 15 (steps of 5)

### Worked example: adding up

Add the numbers from 1 to 100:

\`\`\`python
total = 0
for n in range(1, 101):
    total = total + n
print(total)   # 5050
\`\`\`

The variable \`total\` starts at 0 and grows a little on every pass of the loop.

### Worked example: a times table

\`\`\`python
number = 7
for i in range(1, 11):
    print(f"{number} x {i} = {number * i}")
\`\`\`

## The while loop

A \`while\` loop repeats **as long as a condition is true**. Use it when you do not know in advance how many times to repeat.

\`\`\`python
count = 5
while count > 0:
    print(count)
    count = count - 1
print("Lift off!")
\`\`\`

If you forget the line that changes \`count\`, the condition stays true forever and you have an **infinite loop**. Press **Ctrl+C** to stop it.

## Leaving a loop early

\`break\` stops the loop immediately:

\`\`\`python
while True:
    answer = input("Type quit to stop: ")
    if answer == "quit":
        break
    print("You typed", answer)
\`\`\`

## Which loop to choose?

1. Know how many times? Use **for**.
2. Repeat until something happens? Use **while**.

Read more in the [Python tutorial: for statements](https://docs.python.org/3/tutorial/controlflow.html#for-statements).

## Try it yourself

1. Print the even numbers from 2 to 20 using \`range\`.
2. Add up the numbers from 1 to 50.
3. Write a guessing loop that keeps asking for the secret number 7 until the user gets it right.
`,
      },
      {
        title: 'Lists: storing many values',
        minutes: 10,
        kind: 'article',
        markdown: `So far each variable has held one value. A **list** holds many values in order, under one name.

## Creating a list

Put the items in **square brackets**, separated by commas:

\`\`\`python
fruits = ["mango", "banana", "jackfruit"]
marks = [78, 92, 65, 88]
empty = []
\`\`\`

## Getting items by position

Each item has a position called an **index**. Counting starts at **0**, not 1.

\`\`\`python
print(fruits[0])    # mango
print(fruits[2])    # jackfruit
print(fruits[-1])   # jackfruit (negative indexes count from the end)
\`\`\`

Asking for \`fruits[3]\` gives an **IndexError**, because there is no fourth item.

## Changing a list

- \`fruits.append("lychee")\` adds an item to the end.
- \`fruits[1] = "guava"\` replaces the item at index 1.
- \`fruits.remove("mango")\` removes that item.
- \`len(fruits)\` tells you how many items there are.

## Looping over a list

A \`for\` loop can visit every item in turn:

\`\`\`python
for fruit in fruits:
    print(f"I like {fruit}")
\`\`\`

## Useful built-in functions

\`\`\`python
marks = [78, 92, 65, 88]
print(sum(marks))               # 323
print(max(marks), min(marks))   # 92 65
print(sum(marks) / len(marks))  # 80.75, the average
\`\`\`

### Worked example: a shopping list

\`\`\`python
shopping = []
while True:
    item = input("Add an item (or press Enter to finish): ")
    if item == "":
        break
    shopping.append(item)

print(f"You need {len(shopping)} things:")
for number, item in enumerate(shopping, start=1):
    print(number, item)
\`\`\`

\`enumerate\` gives each item together with a counter, which is handy for numbered lists.

## Checking membership

The word \`in\` asks whether a value is in the list:

\`\`\`python
if "banana" in fruits:
    print("We have bananas!")
\`\`\`

Read more in the [Python tutorial: data structures](https://docs.python.org/3/tutorial/datastructures.html).

## Try it yourself

1. Make a list of five friends' names and print each one with a greeting.
2. Store seven daily temperatures in a list and print the highest, lowest and average.
3. What index does the last item of a 10-item list have?
`,
      },
    ],
  },
  {
    title: 'Functions',
    lessons: [
      {
        title: 'Writing your own functions',
        minutes: 12,
        kind: 'article',
        markdown: `You have already used functions such as \`print\`, \`len\` and \`input\`. Now you will write your own. A **function** is a named block of code that you can run again and again just by calling its name.

## Why use functions?

- **Reuse**: write the code once, use it many times.
- **Readability**: a good name such as \`calculate_bill\` explains what a block of code does.
- **Fewer bugs**: fix a mistake in one place instead of ten.

## Defining a function

\`\`\`python
def greet():
    print("Assalamu alaikum!")
    print("Welcome to Knowledge Zone.")

greet()
greet()
\`\`\`

1. \`def\` starts the definition, followed by the name, brackets and a colon.
2. The **body** is indented.
3. Nothing happens until you **call** the function with \`greet()\`.

## Parameters: giving a function information

\`\`\`python
def greet(name):
    print(f"Hello, {name}!")

greet("Nadia")
greet("Arif")
\`\`\`

\`name\` is a **parameter**: a variable that gets its value from the call.

## Returning a result

\`print\` only shows a value. \`return\` hands the value **back** to the code that called the function, so it can be stored or used in a calculation.

\`\`\`python
def rectangle_area(length, width):
    return length * width

room = rectangle_area(5, 4)
print(f"The room is {room} square metres.")
print(rectangle_area(2, 3) + rectangle_area(1, 1))   # 7
\`\`\`

### Worked example: a grade function

\`\`\`python
def grade(marks):
    if marks >= 80:
        return "A+"
    if marks >= 33:
        return "Pass"
    return "Fail"

for m in [91, 45, 20]:
    print(m, grade(m))
\`\`\`

A \`return\` ends the function straight away, so only one grade is returned.

## Default values

\`\`\`python
def power(base, exponent=2):
    return base ** exponent

print(power(5))      # 25
print(power(2, 10))  # 1024
\`\`\`

## Local variables

Variables created inside a function exist **only inside it**. This keeps functions independent from one another.

Read more in the [Python tutorial: defining functions](https://docs.python.org/3/tutorial/controlflow.html#defining-functions).

## Try it yourself

1. Write \`is_even(n)\` that returns \`True\` for even numbers.
2. Write \`average(numbers)\` that returns the average of a list.
3. Write \`celsius_to_fahrenheit(c)\` and print a table from 0 to 40 in steps of 10.
`,
      },
      {
        title: 'Project: build a quiz game',
        minutes: 12,
        kind: 'article',
        markdown: `Time to put the whole week together. You will build a small **quiz game** that asks questions, checks the answers and keeps a score. It uses variables, input, decisions, loops, lists and functions.

## The plan

1. Store the questions and answers in a **list**.
2. Write a **function** that asks one question and says whether the answer was right.
3. **Loop** over all the questions and count the score.
4. Print a final message that depends on the score.

## The code

Save this as \`quiz.py\`:

\`\`\`python
questions = [
    ["What is the capital of Bangladesh?", "dhaka"],
    ["How many days are there in a week?", "7"],
    ["What is 12 x 12?", "144"],
    ["Which planet is known as the red planet?", "mars"],
]


def ask(question, answer):
    reply = input(question + " ")
    if reply.strip().lower() == answer:
        print("Correct!")
        return True
    print(f"Not quite. The answer is {answer}.")
    return False


def play():
    score = 0
    for question, answer in questions:
        if ask(question, answer):
            score += 1
    return score


name = input("What is your name? ")
score = play()
total = len(questions)
print(f"{name}, you scored {score} out of {total}.")

if score == total:
    print("Perfect score!")
elif score >= total / 2:
    print("Well done!")
else:
    print("Keep practising and try again.")
\`\`\`

## How it works

### The data

- Each item of \`questions\` is a small list: the question and its answer.
- \`for question, answer in questions\` **unpacks** each pair into two variables.

### The functions

- \`reply.strip().lower()\` removes extra spaces and makes the reply lowercase, so "Dhaka", " dhaka" and "DHAKA" are all accepted.
- \`ask\` **returns** \`True\` or \`False\`, and \`play\` adds 1 to the score for each \`True\`.

## Ideas to improve it

- Add five questions of your own.
- Shuffle the questions with \`random.shuffle\` (see the [random module docs](https://docs.python.org/3/library/random.html)).
- Give the player two tries per question.
- Keep playing until the user types "no".

## Try it yourself

Run the game, then change it so that it prints the percentage score as well, for example "You scored 75%". Share it with a friend and see who scores higher!
`,
      },
      {
        title: 'Python cheat sheet',
        minutes: 10,
        kind: 'file',
        file: {
          name: 'python-cheat-sheet.pdf',
          title: 'Python basics cheat sheet',
          paragraphs: [
            'Running code: save your code in a file ending in .py and run it with: python myfile.py (or python3 myfile.py on macOS and Linux). Type python on its own for the interactive shell; exit() leaves it.',
            'Output and comments: print("Hello") shows text. print("Age:", 12) prints several values separated by spaces. Everything after a # sign on a line is a comment and is ignored.',
            'Variables: name = "Rina", age = 13, height = 1.52. Names use letters, digits and underscores, cannot start with a digit, and are case-sensitive. score += 5 is short for score = score + 5.',
            'Types: int (7), float (3.5), str ("text"), bool (True or False). Check a type with type(x). Convert with int("25"), float("2.5"), str(99).',
            'Arithmetic: + add, - subtract, * multiply, / divide (always gives a float), // whole-number divide, % remainder, ** power. Brackets are worked out first.',
            'Strings: join with +, repeat with *, len(s) gives the length, s.upper() and s.lower() change case, s.strip() removes spaces at both ends. f-strings: f"Total: {price * 2} taka".',
            'Input: answer = input("Question? ") always returns a string. For numbers use n = int(input("Number: ")).',
            'Comparisons: == equal, != not equal, < less, > greater, <= less or equal, >= greater or equal. Combine with and, or, not.',
            'Decisions: if condition: ... elif other_condition: ... else: ... End each of these lines with a colon and indent the block below by four spaces.',
            'Loops: for i in range(5) repeats with i = 0, 1, 2, 3, 4. range(1, 11) gives 1 to 10. while condition: repeats while the condition is true. break leaves a loop; Ctrl+C stops a runaway program.',
            'Lists: fruits = ["mango", "banana"]. fruits[0] is the first item and fruits[-1] the last. fruits.append("lychee") adds an item, len(fruits) counts them, "mango" in fruits checks membership. sum, max and min work on lists of numbers.',
            'Functions: def area(length, width): followed by an indented body ending in return length * width. Call it with area(5, 4). Parameters can have defaults: def power(base, exponent=2).',
            'Common errors: SyntaxError (missing colon, bracket or quote), IndentationError (wrong spaces), NameError (misspelled name), TypeError (mixing str and int), ValueError (int("ten")), IndexError (list position that does not exist). Read the last line of the message first.',
          ],
        },
      },
      {
        title: 'Optional: a longer talk (YouTube)',
        minutes: 60,
        kind: 'video',
        youtube: 'https://www.youtube.com/embed/_uQrJ0TkZlc',
      },
    ],
  },
];

/** Keyed by the exact course title in scripts/seed-data/courses.ts. */
export const DEMO_CURRICULA: Record<string, SeedSection[]> = {
  'Physics for Class Nine': PHYSICS,
  'Mathematics for Class Four: Fractions': FRACTIONS,
  'Python Basics in Seven Days': PYTHON,
};
