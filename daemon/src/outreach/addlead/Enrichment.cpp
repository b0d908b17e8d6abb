#include "outreach/addlead/Enrichment.hpp"

namespace lodestone::outreach {
namespace {

// Growth is a fraction of the previous size: 0.25 is 25% growth, -0.1 a 10% decline, and
// nothing shrinks by more than all of itself.
constexpr double kMinGrowth = -1;

void readSignals(ObjectWalk& company) {
    auto signals = company.child("signals");
    if (!signals) return;

    if (auto funding = signals->child("recentFunding")) {
        funding->value("amount", numberAtLeast(0));
        funding->text("date", yearMonth());
        funding->text("round", plainText(kMaxShortText));
        signals->keep("recentFunding", funding->stored());
    }
    if (auto hiring = signals->child("hiringSignals")) {
        hiring->value("isHiring", boolean());
        hiring->value("openRoles", wholeNumberAtLeast(0));
        hiring->stringArray("departments", kMaxShortText);
        signals->keep("hiringSignals", hiring->stored());
    }
    if (auto news = signals->child("newsSignals")) {
        news->stringArray("recentNews", kMaxShortText);
        signals->keep("newsSignals", news->stored());
    }
    if (auto leadership = signals->child("leadershipChanges")) {
        leadership->value("newCeo", boolean());
        leadership->value("newCro", boolean());
        signals->keep("leadershipChanges", leadership->stored());
    }
    if (auto growth = signals->child("growthIndicators")) {
        growth->value("employeeGrowth", numberAtLeast(kMinGrowth));
        growth->value("revenueGrowth", numberAtLeast(kMinGrowth));
        signals->keep("growthIndicators", growth->stored());
    }
    company.keep("signals", signals->stored());
}

}  // namespace

bool readCompany(ObjectWalk& lead, int currentYear) {
    auto company = lead.child("company");
    if (!company) return false;

    company->text("description", plainText(kMaxLongText));
    company->text("website", httpUrl());
    company->text("linkedinUrl", httpUrl());
    for (const char* key : {"industry", "subIndustry", "employeeRange", "revenueRange",
                            "fundingStage", "headquarters", "country", "region", "companyType"}) {
        company->text(key, plainText(kMaxShortText));
    }
    company->value("employeeCount", wholeNumberAtLeast(0));
    company->value("revenue", numberAtLeast(0));
    company->value("foundedYear", wholeNumberBetween(kEarliestFoundedYear, currentYear + 1));
    company->stringArray("technologies", kMaxShortText);
    company->stringArray("techCategories", kMaxShortText);
    readSignals(*company);

    // A company object with nothing usable in it (`{}`, only unknown keys) supplies no company
    // data: it is not stored, and research enriches the company as if it had not been sent.
    auto stored = company->stored();
    if (stored->size() == 0) return false;
    lead.keep("company", stored);
    return true;
}

void readContact(ObjectWalk& lead) {
    auto contact = lead.child("contact");
    if (!contact) return;

    contact->text("bio", plainText(kMaxLongText));
    contact->text("photoUrl", httpUrl());
    for (const char* key : {"seniority", "department", "city", "state", "country"}) {
        contact->text(key, plainText(kMaxShortText));
    }
    contact->text("timezone", timeZone());

    lead.keep("contact", contact->stored());
}

}  // namespace lodestone::outreach
