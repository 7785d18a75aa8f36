/**
 * Pages that are none of the document types, and many of them on purpose tempting: cover letters
 * that list the enclosed payslips and statements, application forms, banks' brochures and letters,
 * guides that explain a payslip or a tax return, council newsletters, menus, recipes, flyers.
 */
import { type GenDoc, kv, money2, paginate } from './common.js';
import { address, bankName, company, currencyOf, digits, fmtDate, fmtMoney, person, pickCountry, randomDate, regionOf, supplier } from './pools.js';
import type { Rng } from './rng.js';

const DOCS = ['{my|our} {last three|three most recent|latest} payslips', '{my|the} bank statements for the last {three|six} months', 'a copy of my passport', 'my P60 for the last tax year', 'my driving licence', 'a recent utility bill', 'my council tax bill', 'a letter from my employer confirming my salary', 'my SA302 tax calculations', 'my current tenancy agreement', 'my latest mortgage statement', 'a reference from my previous landlord', 'my pension statement', 'the certificate of incorporation of my company', 'copies of recent invoices', 'my credit card statements', 'my national identity card', 'proof of address'];

function coverLetter(rng: Rng): string[] {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const p = person(rng, c);
  const to = rng.v(`{${company(rng, c, rng.pick(['Lettings', 'Mortgages', 'Estates', 'Financial Services']))}|${bankName(rng, c)}|The Underwriting Team|The Lettings Manager}`);
  return [
    `${p.given} ${p.family}`,
    ...address(rng, c).lines,
    fmtDate(rng, randomDate(rng, 2023, 2025), region),
    to,
    ...address(rng, c).lines,
    rng.v('{Dear Sir or Madam,|Dear {Ms|Mr} ' + person(rng, c).family + ',|To whom it may concern,|Hello,}'),
    rng.v('{Re: My mortgage application|Re: Tenancy application for ' + address(rng, c).lines[0] + '|Application reference ' + digits(rng, 6) + '|Supporting documents for my application|Re: Account opening}'),
    rng.v(`{Please find enclosed|I enclose|Attached please find|As requested, I am sending|Enclosed are} ${rng.some(DOCS, 2, 6).map((d) => rng.v(d)).join(', ')}.`),
    rng.v('{I have also included|You will also find} ' + rng.v(rng.pick(DOCS)) + '.'),
    rng.v('{Please let me know if you need anything else.|If you require any further documents, please contact me.|I look forward to hearing from you.|Please call me if anything is missing.}'),
    rng.v('{Yours faithfully,|Yours sincerely,|Kind regards,|Best wishes,}'),
    `${p.given} ${p.family}`,
    rng.v(`{Tel|Mobile|Phone}: ${digits(rng, 11)}`),
  ];
}

function applicationForm(rng: Rng): string[] {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const p = person(rng, c);
  const a = address(rng, c);
  return [
    rng.v(`{${company(rng, c, 'Lettings')}|${bankName(rng, c)}|${company(rng, c, 'Mortgages')}}`),
    rng.v('{Applicant details form|Application form|Tenant application form|Mortgage application — personal details|Customer information form|Rental application|Applicant information}'),
    rng.v('{Section 1: Personal details|About you|Personal information}'),
    ...kv(rng, rng.v('{Full name|Name|Applicant name}'), `${p.given} ${p.family}`),
    ...kv(rng, 'Date of birth', fmtDate(rng, randomDate(rng, 1960, 2002), region)),
    ...kv(rng, rng.v('{Current address|Address|Home address}'), a.lines.join(', ')),
    ...kv(rng, rng.v('{Time at address|Years at address}'), `${rng.int(1, 12)} years`),
    ...kv(rng, rng.v('{Email|Email address}'), `${p.given.toLowerCase()}@example.com`),
    ...kv(rng, rng.v('{Telephone|Mobile number}'), digits(rng, 11)),
    rng.v('{Section 2: Employment|Employment details|Your income}'),
    ...kv(rng, rng.v('{Employer|Employer name}'), company(rng, c)),
    ...kv(rng, rng.v('{Employment status|Status}'), rng.v('{Employed full-time|Self-employed|Part-time}')),
    ...kv(rng, rng.v('{Annual income|Gross annual salary|Income}'), fmtMoney(rng, rng.int(20, 120) * 1000, currencyOf(c), { symbol: true })),
    rng.v('{Section 3: Documents provided|Checklist|Documents enclosed}'),
    ...rng.some(['[x] Passport or ID card', '[x] Three months of payslips', '[ ] P60', '[x] Bank statements', '[x] Proof of address (utility bill)', '[ ] Employer reference', '[ ] Landlord reference', '[x] Council tax bill'], 3, 7),
    rng.v('{Declaration|I confirm that the information I have given is true and complete.|I consent to credit and reference checks.}'),
    'Signature ______________  Date ____________',
  ];
}

function recipe(rng: Rng): string[] {
  const dish = rng.v('{Lemon Drizzle Cake|Chicken Tikka Masala|Vegetable Lasagne|Banana Bread|Shepherd’s Pie|Mushroom Risotto|Apple Crumble|Tomato Soup|Pad Thai|Beef Stew|Spanish Tortilla|Pancakes}');
  return [
    dish,
    rng.v('{Serves {2|4|6|8}|Makes {12|16} slices|Prep time {10|20|30} minutes  Cook time {25|40|60} minutes}'),
    rng.v('{Ingredients|You will need|What you need}'),
    ...rng.some(['225g self-raising flour', '2 large eggs', '100ml milk', '1 onion, finely chopped', '2 cloves garlic', '400g tin chopped tomatoes', '1 tbsp olive oil', '150g butter, softened', '175g caster sugar', 'zest of 2 lemons', '500g chicken thighs', 'salt and pepper', '300g arborio rice', '1 litre vegetable stock', '3 ripe bananas', '1 tsp baking powder', '200g cheddar, grated'], 4, 10),
    rng.v('{Method|Instructions|How to make it}'),
    ...rng.some(['1. Preheat the oven to 180°C (160°C fan).', '2. Cream the butter and sugar until pale and fluffy.', '3. Beat in the eggs one at a time.', '4. Fold in the flour and pour into the tin.', '5. Bake for 45 minutes until golden.', '6. Leave to cool before serving.', 'Fry the onion gently until soft.', 'Stir in the rice and add the stock a ladle at a time.', 'Season to taste and serve hot.', 'Simmer for 20 minutes, stirring occasionally.'], 3, 7),
    rng.v('{Tip: this freezes well for up to three months.|Serve with crusty bread.|Enjoy!|From the kitchen of the ' + person(rng, 'GB').family + ' family}'),
  ];
}

function bankBrochure(rng: Rng): string[] {
  const c = pickCountry(rng);
  const cur = currencyOf(c);
  const bank = bankName(rng, c);
  return [
    bank,
    rng.v('{Make your money work harder|Savings made simple|Our savings accounts|Introducing our new Fixed Rate Saver|Grow your savings|Open an account today|Switch your current account to us}'),
    rng.v('{Fixed Rate Saver|Easy Access Saver|Regular Saver|Cash ISA|Notice Account|Premier Savings|High Yield Savings Account}') + `  ${(1 + rng.next() * 4).toFixed(2)}% ${rng.v('{AER/Gross|AER (variable)|APY|p.a.}')}`,
    rng.v('{Minimum deposit|Open with as little as}') + ' ' + fmtMoney(rng, rng.pick([1, 100, 500, 1000]), cur, { symbol: true }),
    rng.v('{Interest is calculated daily and paid monthly or annually.|Withdrawals are allowed without penalty.|No notice required.}'),
    rng.v('{Why choose us?|Benefits|What you get}'),
    ...rng.some(['Award-winning customer service', 'Manage your account online or in our app', 'Your eligible deposits are protected by the Financial Services Compensation Scheme up to £85,000.', 'Member FDIC', 'No monthly fees', 'Switch in 7 working days with the Current Account Switch Service', 'Get a £200 switching bonus', 'Cashback on your bills paid by Direct Debit', 'Arranged overdraft available subject to status'], 3, 6),
    rng.v('{How to apply|Ready to start?|Find out more}'),
    rng.v('{Visit any branch, call us or apply online.|Scan the QR code to open an account in minutes.|Terms and conditions apply. Rates correct at time of print.}'),
    rng.v(`{${bank} is authorised by the Prudential Regulation Authority.|AER stands for Annual Equivalent Rate.|APY means Annual Percentage Yield.|Registered office: ${address(rng, c).lines.join(', ')}}`),
  ];
}

function holidayBrochure(rng: Rng): string[] {
  const c = pickCountry(rng);
  return [
    rng.v('{Willow Cottage|The Old Mill|Seaview Lodge|Bramble Barn|Harbour House|Lakeside Cabin|Villa Rosa|Chalet Edelweiss}'),
    rng.v('{Your perfect holiday retreat|Escape to the countryside|Luxury self-catering holidays|A home from home by the sea}'),
    rng.v('{Sleeps {4|6|8|10} in {2|3|4} bedrooms|Dog friendly, sleeps 6|Hot tub and wood burner}'),
    ...rng.some(['Fully equipped kitchen', 'Free Wi-Fi', 'Private garden with BBQ', 'Walking distance to the beach', 'Parking for two cars', 'Linen and towels included', 'Games room', 'Heated indoor pool', 'Close to the village pub'], 3, 6),
    rng.v('{Prices|Tariff|Rates} ' + rng.v('{from|starting at}') + ' ' + fmtMoney(rng, rng.int(60, 400), currencyOf(c), { symbol: true }) + ' ' + rng.v('{per night|per week}')),
    `${rng.v('{Low season|Spring}')}  ${fmtMoney(rng, rng.int(300, 900), currencyOf(c), { symbol: true })}   ${rng.v('{High season|Summer}')}  ${fmtMoney(rng, rng.int(900, 2400), currencyOf(c), { symbol: true })}`,
    rng.v('{Book now|To book, call|Reservations}: ' + digits(rng, 11)),
    rng.v('{A deposit of 25% secures your booking.|Changeover day is Saturday.|Minimum stay 3 nights.}'),
  ];
}

function insuranceFlyer(rng: Rng): string[] {
  const c = pickCountry(rng);
  return [
    rng.v(`{${company(rng, c, 'Insurance')}|${rng.pick(['Shield', 'Guardian', 'Haven', 'Anchor'])} Insurance}`),
    rng.v('{Home insurance you can count on|Protect what matters most|Car insurance from just|Is your home properly covered?|Pet insurance made easy|Travel insurance for the whole family}'),
    ...rng.some(['Buildings and contents cover', '24/7 claims helpline', 'New-for-old replacement', 'Accidental damage as standard', 'Legal expenses cover optional', 'Policy excess from £100', 'Up to 5 years no claims discount', 'Multi-car discount', 'Cover for vet fees up to £5,000'], 3, 6),
    rng.v('{Get a quote today|Call now for a free quote|Get covered in minutes online}: ' + digits(rng, 11)),
    rng.v('{Terms, conditions and exclusions apply.|Underwritten by a regulated insurer.|Authorised and regulated by the Financial Conduct Authority.}'),
  ];
}

function newsletter(rng: Rng): string[] {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const from = rng.v(`{${rng.pick(['Westfield', 'Oak Lane', 'St Anne’s', 'Riverside'])} {Primary School|Residents’ Association|Community Centre|Rotary Club} Newsletter|${company(rng, c)} Staff News|Parish Magazine|The ${rng.pick(['Village', 'Harbour', 'Valley'])} Gazette}`);
  return [
    from,
    rng.v(`{Issue ${rng.int(1, 80)}|${fmtDate(rng, randomDate(rng, 2023, 2025), region)}|Spring edition|Autumn newsletter}`),
    ...rng.some(
      [
        'Summer fair raises record funds for the new playground.',
        'Welcome to our new members and staff.',
        'Road closures: resurfacing works on the High Street next month.',
        'The book club meets on the first Tuesday of every month.',
        'Reminder: bins are collected on Thursdays during the holiday period.',
        'Congratulations to our football team on winning the league.',
        'Volunteers needed for the litter pick on Saturday.',
        'Our annual general meeting will take place in the village hall.',
        'Thank you to everyone who donated to the food bank.',
        'Dates for your diary: quiz night, carol concert, open day.',
      ],
      3,
      7,
    ),
    rng.v('{Contact the editor|Get in touch|Follow us online} ' + rng.v('{at news@example.org|on 01234 567890}')),
  ];
}

function menu(rng: Rng): string[] {
  const c = pickCountry(rng);
  const cur = currencyOf(c);
  const fm = () => fmtMoney(rng, money2(rng, 4, 28), cur, { symbol: rng.chance(0.5) });
  return [
    rng.v('{The Red Lion|Trattoria Bella|Le Petit Bistro|The Golden Fork|Casa Lola|The Anchor Inn|Spice Garden}'),
    rng.v('{Menu|Lunch Menu|Dinner Menu|Sunday Menu|À la carte}'),
    rng.v('{Starters|To start|Antipasti}'),
    ...Array.from({ length: rng.int(2, 4) }, () => `${rng.v('{Soup of the day|Garlic bread|Calamari|Bruschetta|Chicken wings|Prawn cocktail|Burrata}')}  ${fm()}`),
    rng.v('{Mains|Main courses|Secondi}'),
    ...Array.from({ length: rng.int(3, 6) }, () => `${rng.v('{Fish and chips|Sirloin steak|Margherita pizza|Lasagne|Vegan burger|Roast of the day|Paella|Thai green curry}')}  ${fm()}`),
    rng.v('{Desserts|Puddings|Dolci}'),
    ...Array.from({ length: rng.int(2, 4) }, () => `${rng.v('{Sticky toffee pudding|Tiramisu|Ice cream|Cheesecake|Crème brûlée}')}  ${fm()}`),
    rng.v('{Please tell us about any allergies.|A discretionary 12.5% service charge will be added.|All prices include VAT.}'),
  ];
}

function bankLetter(rng: Rng): string[] {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const bank = bankName(rng, c);
  const p = person(rng, c);
  return [
    bank,
    fmtDate(rng, randomDate(rng, 2023, 2025), region),
    `${p.title} ${p.given[0]} ${p.family}`,
    ...address(rng, c).lines,
    rng.v('{Important changes to your account terms|We’re changing our interest rates|Your new debit card is on its way|Changes to our overdraft charges|An update about your account|Your annual account summary is now available online}'),
    `Dear ${p.title} ${p.family},`,
    rng.v('{We are writing to let you know about changes to the terms and conditions of your account.|From next month, the interest rate on your account will change.|We have updated our fees and charges.|Your statements are now available to view in online banking.}'),
    rng.v('{You don’t need to do anything.|If you are unhappy with these changes you can close your account without charge.|Please read the enclosed leaflet carefully.|Going paperless means your statements arrive faster.}'),
    rng.v('{Yours sincerely,|Kind regards,}'),
    rng.v('{Customer Services|Head of Current Accounts|Your Relationship Team}'),
    rng.v(`{${bank} is authorised by the Prudential Regulation Authority.|Member FDIC.|Calls may be recorded.}`),
  ];
}

function cardOffer(rng: Rng): string[] {
  const c = pickCountry(rng, rng.pick(['UK', 'US']));
  return [
    rng.v(`{${bankName(rng, c)}|${rng.pick(['Aurora', 'Cobalt', 'Vantage'])} Card Services}`),
    rng.v('{You’re pre-approved!|A credit card offer just for you|0% on balance transfers for 24 months|Earn 2% cashback on every purchase|Apply today for our Platinum card}'),
    rng.v('{Representative {22.9|24.9|29.9}% APR (variable).|Introductory APR for 15 months, then a variable APR.|No annual fee.}'),
    ...rng.some(['Contactless payments worldwide', 'Free additional cardholder', 'Fraud protection as standard', 'Manage your card in our app', 'Purchase protection on items over £100', 'Credit limit subject to status'], 2, 5),
    rng.v('{Respond by the date shown to accept this offer.|This is not a statement.|To apply, visit our website or call us.}'),
    rng.v('{Offer code|Reference} ' + digits(rng, 8)),
  ];
}

function guide(rng: Rng): string[] {
  const topic = rng.pick(['payslip', 'tax', 'council', 'energy', 'pension', 'mortgage', 'tenancy', 'passport']);
  const m: Record<string, string[]> = {
    payslip: ['Understanding your payslip', 'Your payslip shows your gross pay, the deductions taken and your net pay.', 'Tax code: tells your employer how much tax-free pay you get.', 'National Insurance: contributions towards your state pension.', 'Year to date figures add up everything paid in the tax year so far.', 'If something looks wrong, speak to the payroll team.'],
    tax: ['How to fill in your Self Assessment tax return', 'Register for Self Assessment if you are self-employed.', 'The deadline for online returns is 31 January.', 'You can download your tax calculation (SA302) from your online account.', 'Keep records of your income and expenses for at least 5 years.', 'Penalties apply if you file late.'],
    council: ['Council news: where your council tax goes', 'Every year we explain how your council tax is spent.', 'Adult social care: 38p in every pound.', 'Bins, recycling and street cleaning.', 'Libraries and leisure centres.', 'Find out if you qualify for a discount or Council Tax Reduction.'],
    energy: ['Ten ways to save energy at home', 'Turn your thermostat down by one degree.', 'Submit regular meter readings to avoid estimated bills.', 'Switch to LED bulbs.', 'Ask us about a smart meter.', 'Worried about paying your bill? Contact us: we can help.'],
    pension: ['Planning for retirement', 'Have you thought about how much you will need when you retire?', 'Workplace pensions: your employer adds money too.', 'Check your State Pension forecast online.', 'Consider consolidating old pension pots.', 'Free guidance is available from Pension Wise.'],
    mortgage: ['Our mortgage rates', 'Two-year fixed, up to 75% LTV  4.49%', 'Five-year fixed, up to 90% LTV  4.89%', 'Product fee £999', 'Your home may be repossessed if you do not keep up repayments on your mortgage.', 'Speak to one of our mortgage advisers to find out more.'],
    tenancy: ['A guide for tenants', 'Before you sign a tenancy agreement, read it carefully.', 'Your deposit must be protected in a government-approved scheme.', 'Your landlord must give you a gas safety certificate.', 'You have the right to live in the property undisturbed.', 'Contact Shelter for free advice.'],
    passport: ['Applying for a passport', 'Fill in the application form and provide two photos.', 'Allow up to 10 weeks for your passport to arrive.', 'Your old passport will be returned to you.', 'Check the photo rules before you apply.', 'Fees and fast-track services.'],
  };
  return [rng.v('{Information leaflet|Customer guide|FAQ|Help sheet|Factsheet}'), ...rng.some(m[topic]!, 4, 6)];
}

function misc(rng: Rng): string[] {
  const c = pickCountry(rng);
  const region = regionOf(c);
  return rng.pick([
    () => [rng.v('{Meeting minutes|Minutes of the committee meeting}'), fmtDate(rng, randomDate(rng, 2023, 2025), region), 'Present: ' + [person(rng, c), person(rng, c)].map((x) => `${x.given} ${x.family}`).join(', '), '1. Apologies for absence', '2. Minutes of the last meeting were approved.', '3. Treasurer’s report: the accounts are in good order.', '4. Any other business', 'Date of next meeting to be confirmed.'],
    () => [rng.v('{Gym membership|Welcome to FitLife|Your membership card}'), 'Opening hours: Mon–Fri 6am–10pm', 'Classes: yoga, spin, HIIT, pilates', 'Membership from ' + fmtMoney(rng, rng.int(15, 60), currencyOf(c), { symbol: true }) + ' per month', 'Bring a friend for free on Fridays.'],
    () => [rng.v('{Privacy notice|How we use your personal data|Data protection statement}'), 'We collect personal information to provide our services.', 'We may share your data with credit reference agencies and fraud prevention agencies.', 'You have the right to access, correct or delete your personal data.', 'Contact our Data Protection Officer with any questions.', 'This notice was last updated ' + fmtDate(rng, randomDate(rng, 2022, 2025), region) + '.'],
    () => [rng.v('{Terms and conditions|General terms of business}'), '1. Definitions and interpretation', '2. Our services', '3. Fees and payment', '4. Liability', '5. Termination', '6. Governing law'],
    () => [rng.v('{Event|You are invited!|Save the date}'), rng.v('{Summer garden party|Charity quiz night|Open day|Christmas market|Book launch}'), fmtDate(rng, randomDate(rng, 2024, 2026), region) + ' from 7pm', rng.v('{Tickets|Entry}') + ' ' + fmtMoney(rng, rng.int(5, 25), currencyOf(c), { symbol: true }), 'All welcome. Refreshments available.'],
    () => [rng.v('{Product manual|Quick start guide|User instructions}'), rng.v('{Model|Type} ') + digits(rng, 4), '1. Unpack the device and check all parts are present.', '2. Connect the power cable.', '3. Press and hold the power button for three seconds.', 'Warranty: 2 years from date of purchase.', 'Safety: keep away from water.'],
    () => [rng.v('{Thank you for your order|Order confirmation|Delivery note}'), `Order ${digits(rng, 8)}`, `${rng.v('{Wireless headphones|Garden hose|Kettle|Running shoes|Desk lamp}')} × ${rng.int(1, 3)}`, rng.v('{Dispatched|Estimated delivery}') + ' ' + fmtDate(rng, randomDate(rng, 2024, 2025), region), 'Returns accepted within 30 days.'],
    () => [rng.v('{Curriculum vitae|CV|Résumé}'), `${person(rng, c).given} ${person(rng, c).family}`, 'Profile: motivated professional with ten years of experience.', 'Experience', `${company(rng, c)} — ${rng.v('{Manager|Analyst|Nurse}')} (2018–present)`, 'Education', 'BSc (Hons), University of Leeds', 'Skills: Excel, project management, customer service'],
    () => [rng.v('{Doctor’s appointment|Appointment letter|Hospital appointment}'), `Dear ${person(rng, c).given},`, 'Your appointment has been booked for ' + fmtDate(rng, randomDate(rng, 2024, 2025), region) + ' at 10:30.', 'Please arrive ten minutes early.', 'If you cannot attend, please call us to rearrange.'],
    () => [rng.v(`{${supplier(rng, c, 'energy')}|${supplier(rng, c, 'broadband')}}`), rng.v('{Welcome to the family!|Thanks for switching|Your new tariff is confirmed}'), 'We’re delighted to have you as a customer.', 'Your switch will complete in 5 working days.', 'There’s nothing you need to do.', 'This is not a bill.'],
    () => [rng.v('{School report|End of term report}'), `${person(rng, c).given}  Year ${rng.int(3, 11)}`, 'English: excellent progress this term.', 'Mathematics: working at the expected standard.', 'Science: a keen and curious learner.', 'Attendance: 97%'],
  ])();
}

const KINDS = [coverLetter, coverLetter, coverLetter, applicationForm, applicationForm, recipe, bankBrochure, bankBrochure, holidayBrochure, insuranceFlyer, newsletter, menu, bankLetter, bankLetter, cardOffer, guide, guide, guide, misc, misc, misc];

export function fallback(rng: Rng): GenDoc {
  const f = rng.pick(KINDS);
  const pages = rng.chance(0.12) ? [f(rng), f(rng)] : [f(rng)];
  return { docType: 'fallback', region: 'UK', pages: rng.chance(0.2) ? paginate(rng, pages) : pages, keyData: {} };
}
