// Role views for those who bring customers in: sales and marketing, about their own pipeline
// and demand in their own market.
#include "Views.hpp"

namespace lodestone::content_template {

const RoleView& salesView() {
    static const RoleView view = {
        RoleFamily::Sales,
        "pipeline",
        "sales team",
        {"pipeline created each month", "win rate", "days from first meeting to signed deal"},
        "updating the CRM, building proposals and internal approval calls",
        6,
        {{{"Spend the week on deals that can close",
           "A good quarter and a bad one are usually a few stalled deals apart, not a shortage "
           "of new ones.",
           {"List every deal with no next step agreed with the buyer.",
            "Book the next step or close it as lost, this week.",
            "Review stalled deals every Monday in fifteen minutes, not in a long forecast call."}},
          {"Follow up with the buyer's own words",
           "Buyers answer follow-ups that quote what they said and ignore ones that could have "
           "gone to anyone.",
           {"After each call, note the buyer's words for their problem in {tools}.",
            "Open the next email with those words, not with your product.",
            "Stop after four unanswered touches and move the contact to a quarterly check-in."}},
          {"Write down why you win",
           "Win rate improves fastest when everyone knows why the last ten deals were won.",
           {"Pull the last ten won and ten lost deals from {tools}.",
            "Write beside each the reason the buyer gave, in their words.",
            "Open every first meeting with the top three reasons."}}}},
        {"List deals with no agreed next step, and book or close each one.",
         "Read the notes of your last three lost deals and write the real reason beside each.",
         "Ask two recent customers what nearly made them choose someone else."},
        {"Hold the fifteen-minute stalled-deal review every Monday.",
         "Write the top three reasons you win and use them in first meetings.",
         "Agree with marketing, in one sentence, what a qualified lead is."},
        {"Compare win rate and cycle length with last quarter, by where each deal came from.",
         "Retire one sales activity that produces meetings but not deals.",
         "Plan next quarter's outreach around your buyers' budget dates."},
        {{{"Next steps", "many open deals have no agreed next step",
           "every open deal has a dated next step the buyer agreed to"},
          {"Pipeline coverage", "you learn the quarter is short in its last month",
           "pipeline covers three times the target when the quarter starts"},
          {"Follow-up", "follow-ups are templates", "every follow-up quotes the buyer's own words"},
          {"CRM upkeep", "you update {tools} the night before forecast calls",
           "updates happen after each call and take minutes"},
          {"Win insight", "nobody can say why deals are won",
           "the top three win reasons open every first meeting"}}},
        {"The rule for closing out stalled deals, and who enforces it.",
         "The definition of a qualified opportunity, agreed with marketing in one sentence.",
         "Which sales activity stops, so the team gets its hours back."},
        {"Which deals in the forecast have no next step the buyer agreed to?",
         "Why did we win the last ten deals, in the buyers' words?",
         "Which source of pipeline closes fastest, and are we feeding it?"},
    };
    return view;
}

const RoleView& marketingView() {
    static const RoleView view = {
        RoleFamily::Marketing,
        "demand",
        "marketing team",
        {"qualified pipeline from marketing", "cost per qualified lead",
         "conversion from lead to meeting"},
        "reports assembled by hand, one-off campaign requests and approval rounds",
        5,
        {{{"Measure the path, not the clicks",
           "Clicks and downloads are easy to count and rarely what the business asks about; "
           "pipeline is.",
           {"Trace your three biggest programmes to meetings and pipeline in {tools}.",
            "Cut the one that creates activity without pipeline.",
            "Report pipeline first and clicks last, every month."}},
          {"Say it the way {customers} say it",
           "The best-performing message usually repeats the words {customers} already use for "
           "their problem.",
           {"Read ten recent sales notes or reviews and copy the phrases {customers} use.",
            "Rewrite your main landing page's headline with those phrases.",
            "Test it against the current headline for four weeks."}},
          {"Give sales fewer, better leads",
           "Sales trusts marketing when every lead it passes on is worth a call.",
           {"Agree with sales one sentence that defines a qualified lead.",
            "Pass on only leads that meet it, and nurture the rest.",
            "Review the leads sales turned down each month and adjust the sentence."}}}},
        {"Trace one programme from first touch to pipeline.",
         "Collect ten phrases {customers} use for their problem.",
         "Ask sales which of last month's leads they never called, and why."},
        {"Cut or fix the programme with the least pipeline per unit of spend.",
         "Test a headline written in the words {customers} use.",
         "Agree the one-sentence qualified-lead definition with sales."},
        {"Report pipeline first in every monthly review.",
         "Build one piece of content around the question {customers} ask most.",
         "Plan next quarter's launches so none lands during {calendar}."},
        {{{"Attribution", "reports stop at clicks and downloads",
           "every programme is traced to meetings and pipeline"},
          {"Message", "copy is written in your product's own terms",
           "copy uses the words {customers} use for their problem"},
          {"Lead quality", "sales ignores a share of the leads you pass on",
           "sales calls every lead because each meets the agreed definition"},
          {"Focus", "budget is spread evenly over every channel",
           "the weakest programme is cut each quarter and its budget moved"},
          {"Speed", "a new campaign takes weeks of approvals",
           "a campaign goes from idea to live in days, within agreed rules"}}},
        {"Which programme is cut this quarter, and where its budget goes.",
         "The one-sentence definition of a qualified lead, agreed with sales.",
         "Which measure leads the monthly review: pipeline, not clicks."},
        {"Which programme would we not miss if it stopped tomorrow?",
         "What words do {customers} use for the problem we solve?",
         "How many of last month's leads did sales actually call?"},
    };
    return view;
}

}  // namespace lodestone::content_template
