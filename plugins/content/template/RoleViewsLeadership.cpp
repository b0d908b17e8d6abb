// Role views for those who run the company or its money and people: executives at scale,
// founders of small companies, finance and HR.
#include "Views.hpp"

namespace lodestone::content_template {

const RoleView& executiveView() {
    static const RoleView view = {
        RoleFamily::Executive,
        "leadership",
        "leadership team",
        {"operating margin", "revenue per employee",
         "the share of your week spent on decisions only you can make"},
        "status meetings and approvals that wait for you",
        5,
        {{{"Choose the one number {company} runs on this quarter",
           "A {org} that tracks everything steers by nothing. Of {m1}, {m2} and {m3}, one will "
           "matter most to {customers} this quarter.",
           {"Pick it with your leadership team and write down why the other two can wait.",
            "Give it one owner and a weekly figure everyone sees, not a monthly slide.",
            "Cancel one recurring meeting that does not move it."}},
          {"Take the approvals off your desk",
           "Decisions that wait for you are the most expensive queue in {company}: everything "
           "behind them waits too.",
           {"List every approval that reached you last month, with its value.",
            "Set a threshold below which the owner decides and tells you afterwards.",
            "Review the threshold after {calendar}, not before."}},
          {"Pilot in one {site} before changing them all",
           "At your size, change fails in the roll-out rather than in the idea. One {site} "
           "proves it and gives the others a reason to want it.",
           {"Pick the {site} with the weakest {m2} and a manager who wants the help.",
            "Agree the measure and its baseline before anything changes.",
            "Decide after eight weeks: spread it, fix it or stop it."}}}},
        {"Ask each direct report for the one decision they are waiting on from you, and make "
         "three of them.",
         "Put last month's {m1} beside the month before and write one sentence on why it moved.",
         "{quickWin}"},
        {"Set the approval threshold and announce it.",
         "Spend half a day in one {site} following {unit}.",
         "Agree with your leadership team which of {m1}, {m2} and {m3} leads next quarter."},
        {"Run one eight-week pilot in a single {site}, its measure agreed first.",
         "Cut one standing meeting from every leader's week and see what nobody misses.",
         "Check what {rule} asks of any change before {calendar} arrives."},
        {{{"Focus", "every leader has a different top priority",
           "one number leads the quarter and everyone can name it"},
          {"Decision speed", "decisions wait for the next leadership meeting",
           "owners decide under a clear threshold and report afterwards"},
          {"Visibility", "{m1} arrives monthly, on a slide",
           "{m1} is seen weekly, straight from the system"},
          {"Change", "changes roll out everywhere at once, or not at all",
           "changes start in one {site}, are measured, then spread"},
          {"Your time", "most of your week is meetings others could run",
           "at least a day a week goes to work only you can do"}}},
        {"Which of {m1}, {m2} and {m3} leads {company} this quarter, and who owns it.",
         "Which approvals leave your desk, and the threshold below which owners decide alone.",
         "Which {site} pilots the next change, and what result would make you spread it."},
        {"What did we decide last quarter that we have not yet done?",
         "Where does {unit} wait longest, and who owns that wait?",
         "If we could stop one thing before {calendar}, what would it be?"},
    };
    return view;
}

const RoleView& founderView() {
    static const RoleView view = {
        RoleFamily::Executive,
        "growth",
        "team",
        {"cash runway in months", "revenue per person", "hours a week you spend selling"},
        "tasks you could hand off but have not yet",
        8,
        {{{"Buy back a day a week",
           "At your size the scarcest resource at {company} is your own time, and too much of "
           "it goes to {leak}.",
           {"Log one week in half-hour blocks and mark each: only I can do this, someone else "
            "could, nobody needs to.",
            "Hand off or drop everything in the last two groups, largest first.",
            "Keep the day you win back for {customers} and for selling."}},
          {"Write down how {company} wins {customers}",
           "Until the way you win {customers} is written down, it lives in your head and cannot "
           "be handed to anyone.",
           {"List your last ten wins and where each first heard of you.",
            "Write the five steps that happened in every one of them.",
            "Give that page to your next hire and watch where they get stuck."}},
          {"Hire for the job you do worst",
           "Leaders of small companies tend to hire for the work they enjoy least; the better "
           "hire covers the work they do worst.",
           {"Score yourself from 1 to 5 on selling, delivery, finance and hiring.",
            "Write the job for your lowest score as outcomes, not tasks.",
            "Until you hire, buy it in by the hour and learn what good looks like."}}}},
        {"Log your week in half-hour blocks.",
         "Work out your cash runway in months and write it at the top of Monday's list.",
         "{quickWin}"},
        {"Hand off the largest task in your log that someone else could do.",
         "Call three {customers} who chose you and ask what nearly stopped them.",
         "Write the five steps of how {company} wins {customers}."},
        {"Decide on the hire or contractor for the job you do worst.",
         "Test one price increase or one new package on new {customers}.",
         "Read what {rule} will ask of you at twice your size, once, so growth does not trip on "
         "it."},
        {{{"Your time", "you are in every conversation and every decision",
           "at least a day a week is kept for selling and planning"},
          {"Winning customers", "every win feels different",
           "you can write down the five steps every win followed"},
          {"Cash", "you check the balance when something worries you",
           "you know runway in months and look at it every week"},
          {"Delegation", "nothing happens unless you start it",
           "routine work runs without you and you hear about exceptions"},
          {"Pricing", "prices were set once and never revisited",
           "you have tested a price change in the last six months"}}},
        {"Which tasks leave your desk this month, and who takes them.",
         "Which kind of customer {company} pursues first, described in one paragraph.",
         "The next hire, described by outcomes rather than tasks."},
        {"Which customer would we most like ten more of, and why?",
         "What would break first if demand doubled next month?",
         "What do I still do myself only out of habit?"},
    };
    return view;
}

const RoleView& financeView() {
    static const RoleView view = {
        RoleFamily::Finance,
        "finance",
        "finance team",
        {"days to close the month", "forecast accuracy", "days sales outstanding"},
        "reconciliations, spreadsheet consolidation and chasing approvals",
        6,
        {{{"Close the month in fewer days",
           "A slow close means decisions at {company} are made on numbers weeks old, in a {org} "
           "where {m1} can move within days.",
           {"Time each step of last month's close and mark the three that waited on someone "
            "else.",
            "Move those three into the first two days of the month, each with a named owner.",
            "Publish a draft on day three and let the final follow."}},
          {"Forecast the drivers of {m1}",
           "Finance earns its seat when the forecast explains the business in the business's own "
           "terms: {m1}, {m2} and {customers}.",
           {"Pick the two drivers that explain most of last year's variance.",
            "Forecast those weekly with their owners, instead of the whole P&L monthly.",
            "Compare forecast and actual every month and write one line on the gap."}},
          {"Stop paying for the same thing twice",
           "Spend leaks through duplicate tools, unused licences and invoices paid without a "
           "check.",
           {"Export twelve months of supplier payments from {tools} and sort them by supplier.",
            "Flag suppliers paid by more than one team and subscriptions nobody owns.",
            "Cancel or merge the largest five before their renewal dates."}}}},
        {"Time each step of your last close.",
         "List the subscriptions renewing in the next ninety days and who owns each.",
         "Find the figure you re-key most often and where it comes from."},
        {"Move the three slowest close steps to named owners in the first two days.",
         "Agree the two drivers of {m1} with the people who own them.",
         "Review supplier payments for duplicates and unused licences."},
        {"Publish a day-three draft close every month.",
         "Replace one monthly spreadsheet consolidation with a report straight from {tools}.",
         "Check the new close calendar against {rule} before {calendar}."},
        {{{"Close speed", "the close takes more than ten working days",
           "a draft is out by day three and the final by day five"},
          {"Forecast", "the forecast is last year plus a percentage",
           "it models the two or three drivers that really move {m1}"},
          {"Spend control", "invoices are paid because someone approved them",
           "every supplier has an owner and a renewal date in a calendar"},
          {"Automation", "consolidation happens in spreadsheets every month",
           "reports come straight from {tools} without re-keying"},
          {"Partnering", "finance reports numbers after the month ends",
           "finance meets budget owners monthly to look ahead"}}},
        {"How many days the close should take by the quarter's end, and what is cut to get "
         "there.",
         "Which two drivers of {m1} the forecast follows weekly.",
         "Which suppliers and subscriptions are merged before their renewal dates."},
        {"Which number do we report that nobody uses to decide anything?",
         "Where do we key the same figure in twice?",
         "What would we do differently with the forecast a week earlier?"},
    };
    return view;
}

const RoleView& peopleView() {
    static const RoleView view = {
        RoleFamily::People,
        "people",
        "people team",
        {"time to hire", "first-year retention", "hours managers spend on people admin"},
        "onboarding paperwork, interview scheduling and the same policy questions",
        5,
        {{{"Fix the first ninety days",
           "Most early leavers decide within ninety days, and in a {org} the cost lands on "
           "{customers} as much as on the team.",
           {"Ask the last five people who joined what they still did not know after a month.",
            "Turn the answers into a first-week and first-month checklist the manager owns.",
            "Check in at day thirty and day ninety and record one thing to fix each time."}},
          {"Shorten time to hire",
           "Good candidates accept the first serious offer; every week in your process loses "
           "some of them.",
           {"Map your last five hires from advert to signed offer and mark each wait.",
            "Book interview slots in advance and decide within two working days of the last "
            "interview.",
            "Keep a short list of runners-up for the next opening."}},
          {"Answer each policy question once",
           "People teams lose hours to questions that have one right answer.",
           {"Log the questions your team answers for two weeks.",
            "Write the top ten answers in one place, in {tools} if that is where staff look.",
            "Point every repeat question to that page and keep it current."}}}},
        {"Ask the last five people who joined what they still did not know after a month.",
         "Check how many days each open role has been open.",
         "Count last week's repeat policy questions."},
        {"Write the first-week checklist managers will own.",
         "Book standing interview slots for every open role.",
         "Publish answers to the ten most-asked questions."},
        {"Run day-30 and day-90 check-ins for every new starter.",
         "Review first-year leavers and the reasons they gave.",
         "Check the new checklists against {rule} and staff policy."},
        {{{"Onboarding", "new starters learn by asking around",
           "a checklist owned by the manager covers week one and month one"},
          {"Hiring speed", "interviews are arranged one at a time",
           "slots are booked ahead and decisions come within two days"},
          {"Self-service", "every policy question is an email to your team",
           "staff find answers themselves and your team handles exceptions"},
          {"Retention insight", "each leaver comes as a surprise",
           "you know the top three reasons people leave and act on one a quarter"},
          {"Manager support", "managers learn people management on the job",
           "managers have a short, practical guide and someone to ask"}}},
        {"Who owns a new starter's first ninety days: the manager, with your team behind them.",
         "The longest a hiring decision may wait after the last interview.",
         "Which people questions move to self-service first."},
        {"Why did the last three people who left in their first year leave?",
         "How long does a good candidate wait for us to decide?",
         "What do managers ask us most often?"},
    };
    return view;
}

}  // namespace lodestone::content_template
