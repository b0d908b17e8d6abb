// Each industry as the people who work in it see it. Written from the inside: a hospital's
// view is about running care, not about how hospitals buy.
#include <vector>

#include "Views.hpp"

namespace lodestone::content_template {
namespace {

const std::vector<IndustryView>& views() {
    static const std::vector<IndustryView> table = {
        {"Software",
         "software company",
         "customers",
         "a customer request from ticket to release",
         "team",
         {"net revenue retention", "lead time from commit to production",
          "tickets per hundred accounts"},
         "Growth is expected every quarter, and every hour spent on work that neither ships nor "
         "keeps a customer shows up in the next board deck.",
         "security reviews and data-protection terms (SOC 2, GDPR)",
         "the end of the quarter",
         "Pull the last ten accounts that churned or downgraded and write beside each the first "
         "warning sign you could have seen.",
         "context switching, hand-built reports and tickets that bounce between teams"},
        {"Financial Services",
         "firm",
         "clients",
         "a client application from first enquiry to funds released",
         "desk",
         {"cost to serve per client", "time to onboard a client", "exceptions per hundred cases"},
         "Margins are squeezed by regulation on one side and by clients who expect an app-like "
         "experience on the other.",
         "record-keeping and conduct rules (KYC, MiFID, SEC and FCA)",
         "quarter-end and the audit",
         "Take last month's five slowest client onboardings and mark every step where a document "
         "was asked for twice.",
         "re-keying between systems and chasing documents for KYC checks"},
        {"Healthcare",
         "care organisation",
         "patients",
         "a patient's journey from referral to discharge",
         "ward",
         {"length of stay", "clinician hours spent on documentation", "did-not-attend rate"},
         "Demand rises every year while clinical staff get harder to hire, so every hour a "
         "clinician spends on paperwork is an hour taken from patients.",
         "patient-data rules (HIPAA, GDPR) and clinical governance",
         "winter pressures",
         "Review last week's ten longest discharge delays and note whether each waited on a form, "
         "a bed or a person.",
         "duplicate documentation, handover gaps and calls to find beds or results"},
        {"Retail & E-commerce",
         "retail business",
         "shoppers",
         "an order from checkout to doorstep, and sometimes back again",
         "store",
         {"conversion rate", "average order value", "return rate"},
         "Shoppers compare you with the best experience they have had anywhere, while margin "
         "leaks through returns, discounts and stock in the wrong place.",
         "consumer-protection and card-payment rules (PCI DSS)",
         "peak season",
         "List the ten products with the highest return rate and read the return reasons; the "
         "pattern usually points to one product page or one supplier.",
         "stock reconciled by hand, returns handling and promotions set up one by one"},
        {"Manufacturing",
         "plant",
         "customers",
         "a work order from schedule to shipped unit",
         "line",
         {"overall equipment effectiveness", "unplanned downtime", "scrap and rework rate"},
         "Every unplanned stop ripples through the schedule, and skilled people spend the shift "
         "firefighting instead of improving the line.",
         "safety and quality standards (ISO 9001, ISO 45001)",
         "the annual shutdown",
         "Ask each shift lead for the stoppage they saw most last month, and time it the next "
         "time it happens.",
         "paper shift logs, waiting for parts and changeovers that overrun"},
        {"Education",
         "school",
         "students",
         "a student's path from application to the end of the first term",
         "campus",
         {"student retention", "staff hours on admin each week", "attendance"},
         "Staff time is the limit on everything else: each hour a teacher spends on admin is an "
         "hour not spent teaching, and recruitment is not getting easier.",
         "safeguarding and student-data rules (FERPA, GDPR)",
         "the academic year",
         "Ask five teachers to log for one week every task that is neither teaching nor "
         "planning, and add up the hours on Friday.",
         "duplicate data entry, parent emails and reports assembled by hand"},
        {"Higher Education",
         "university",
         "students",
         "a student's path from application to enrolment",
         "faculty",
         {"student retention", "days from application to offer", "staff hours on admin each week"},
         "Enrolment targets rise while funding per student falls, so every hour professional "
         "staff spend re-keying records is an hour not spent on students.",
         "student-data and admissions rules (FERPA, GDPR)",
         "the admissions cycle",
         "Take last cycle's ten slowest applications and note where each waited: documents, "
         "decisions or data entry.",
         "re-keying between the student record system and spreadsheets"},
        {"Professional Services",
         "practice",
         "clients",
         "a client matter from engagement letter to final invoice",
         "office",
         {"utilisation", "realisation (billed against worked)", "days from work done to cash"},
         "You sell your people's time and judgement, so every non-billable hour and every "
         "write-off comes straight out of margin.",
         "engagement terms and professional-conduct rules",
         "year-end",
         "Compare worked and billed hours on last month's five largest matters and note where "
         "the gap opened.",
         "time recorded late, scope creep and invoices waiting for approval"},
        {"Marketing & Advertising",
         "agency",
         "clients",
         "a brief from kickoff to final report",
         "team",
         {"billable utilisation", "client retention", "revision rounds per deliverable"},
         "Clients want more channels and faster turnaround on flat fees, so scope creep and "
         "unbilled revisions decide whether an account makes money.",
         "advertising standards and consent rules (GDPR, CAN-SPAM)",
         "client planning season",
         "Take your three least profitable accounts and count revision rounds per deliverable; "
         "the number usually explains the margin.",
         "status decks, revision rounds and monthly reports built by hand"},
        {"Real Estate",
         "property business",
         "tenants and buyers",
         "a letting from first viewing to signed lease",
         "property",
         {"occupancy", "days on market", "arrears"},
         "Every empty week is income that never comes back, and tenants judge you on how fast "
         "you answer as much as on the property.",
         "lettings, deposit and anti-money-laundering rules",
         "the spring and autumn markets",
         "Time your last ten enquiries from first message to viewing booked; the slowest step is "
         "your first fix.",
         "viewings arranged by phone, maintenance requests and rent chased by hand"},
        {"Logistics",
         "operation",
         "shippers",
         "a shipment from booking to proof of delivery",
         "depot",
         {"on-time delivery", "cost per drop", "vehicle utilisation"},
         "Margins are thin and customers see every late delivery, so small losses in planning "
         "and exceptions decide the year.",
         "driver-hours, safety and customs rules",
         "peak season",
         "Pull last week's late or failed deliveries and tag each with its first cause: "
         "planning, loading, traffic or address.",
         "exception calls, routes changed by hand and proof-of-delivery paperwork"},
        {"Non-profit",
         "charity",
         "beneficiaries and donors",
         "a donation from first gift to the impact report the donor reads",
         "programme",
         {"donor retention", "cost per beneficiary", "hours spent on grant reporting"},
         "Funders want more evidence of impact while the back-office budget shrinks, so "
         "reporting competes with the mission for the same hours.",
         "fundraising, gift-aid and data-protection rules",
         "the grant and year-end giving cycles",
         "List every report you send funders and mark which numbers are collected by hand; most "
         "appear in more than one report.",
         "grant reports assembled by hand and donor data spread over spreadsheets"},
        {"Media",
         "publisher",
         "readers and advertisers",
         "a story from pitch to publication and its first week of readers",
         "desk",
         {"subscriber retention", "revenue per reader", "time to publish"},
         "Audiences move between platforms faster than budgets do, so production time and "
         "subscriber churn decide what you can afford to cover.",
         "editorial standards, copyright and consent rules",
         "the news cycle",
         "Track the last twenty pieces from pitch to publication and note where each waited "
         "longest.",
         "formatting for each channel by hand and approvals by email"},
        {"Energy",
         "energy business",
         "customers",
         "a maintenance job from fault reported to fix confirmed",
         "site",
         {"asset availability", "mean time to repair", "safety incidents"},
         "Assets are expensive, long-lived and safety-critical, so unplanned downtime and the "
         "paperwork on every job are the costs that move the numbers.",
         "safety and environmental regulations",
         "planned outage season",
         "List the last ten unplanned outages and note how long each took to diagnose against "
         "how long to fix.",
         "permit-to-work paperwork, travel between sites and work orders closed days late"},
        {"Public Sector",
         "public body",
         "residents",
         "a resident's request from first contact to resolution",
         "service",
         {"time to resolve a request", "cost per case", "repeat contacts"},
         "Demand grows faster than budgets, and every repeat contact is a resident who had to "
         "ask twice and a case handled twice.",
         "procurement, accessibility and data-protection rules",
         "the budget year",
         "Sample fifty recent contacts and mark which were someone chasing an earlier request.",
         "repeat contacts, re-keying between systems and cases routed by hand"},
        {"Hospitality & Travel",
         "hospitality business",
         "guests",
         "a booking from enquiry to checkout and review",
         "property",
         {"occupancy", "revenue per available room", "review score"},
         "Guests book on reviews and price, and staff are hard to keep, so every manual task "
         "takes time away from the guest.",
         "licensing, payment and data-protection rules",
         "high season",
         "Read your last thirty reviews and tally the complaints; two or three themes usually "
         "cover most of them.",
         "rota changes by hand, booking changes by phone and check-in paperwork"},
        {"Telecommunications",
         "network operator",
         "subscribers",
         "a new connection from order to activation",
         "region",
         {"churn", "average revenue per user", "first-time fix rate"},
         "Price competition never lets up, so churn and the cost of every engineer visit decide "
         "margins.",
         "telecoms regulation and data-retention rules",
         "contract renewal peaks",
         "Take last month's repeat engineer visits and note which could have been fixed "
         "remotely.",
         "repeat engineer visits, order fallout and provisioning by hand"},
        {"Gambling",
         "operator",
         "players",
         "a player's first month, from sign-up and first deposit onwards",
         "market",
         {"player retention", "cost per acquired player", "player-protection checks done on time"},
         "Each new market brings its own licence conditions, and regulators expect player "
         "protection to move as fast as the product.",
         "licence conditions and responsible-gambling rules",
         "the sporting calendar",
         "Review last month's player-protection alerts and time each from trigger to action.",
         "manual KYC checks, market-by-market compliance reports and bonuses set up by hand"},
    };
    return table;
}

const IndustryView kDefault = {
    "",
    "organisation",
    "customers",
    "a customer order from first contact to payment",
    "team",
    {"time from request to delivery", "cost per order", "customer retention"},
    "There is always more to do than people to do it, so the first gains come from work nobody "
    "chose to do: chasing, re-keying and waiting.",
    "the rules your sector answers to",
    "your busiest season",
    "Ask your team to note for one week every task they did twice or waited on someone else for.",
    "chasing updates, re-keying data and waiting for approvals"};

}  // namespace

const IndustryView& industryView(const std::string& industry) {
    for (const auto& view : views()) {
        if (industry == view.industry) return view;
    }
    return kDefault;
}

const RoleView& roleView(RoleFamily family, bool smallCompany) {
    switch (family) {
        case RoleFamily::Executive:
            return smallCompany ? founderView() : executiveView();
        case RoleFamily::Sales:
            return salesView();
        case RoleFamily::Marketing:
            return marketingView();
        case RoleFamily::Engineering:
            return engineeringView();
        case RoleFamily::Operations:
            return operationsView();
        case RoleFamily::Finance:
            return financeView();
        case RoleFamily::People:
            return peopleView();
        case RoleFamily::Education:
            return educationView();
        case RoleFamily::Healthcare:
            return healthcareView();
        case RoleFamily::Other:
            break;
    }
    return otherView();
}

}  // namespace lodestone::content_template
