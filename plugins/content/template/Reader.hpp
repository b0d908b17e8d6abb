// Who the built-in writer writes for: the prospect as research and the lead's own fields describe
// them, read once into plain values, with where each fact came from.
#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>
#include <vector>

#include "Names.hpp"

namespace lodestone::content_template {

// The job the reader does, from the title (and research's department when the title says
// nothing): the page is about this job, in the reader's own industry.
enum class RoleFamily {
    Executive,  // CEO, founder, owner, managing director
    Sales,
    Marketing,
    Engineering,  // engineering, data, product
    It,           // IT and security: systems, access, incidents
    Operations,
    Finance,
    People,           // HR, talent, people operations
    Procurement,      // purchasing, sourcing, suppliers
    Legal,            // counsel, contracts, privacy
    Admissions,       // a school's or university's admissions and enrollment
    CustomerSuccess,  // customer success and support
    Education,        // teachers, principals, deans
    Healthcare,       // clinicians and clinical managers
    Other,
};

// Leader: executive or VP; manager: head, director or manager; practitioner: everyone else.
enum class Level { Leader, Manager, Practitioner };

// What a number the prospect gave measures, read from its field's name.
enum class QuantityKind {
    Team,            // people in the reader's team: teamSize, reps, engineers, nurses
    Employees,       // the whole company: headcount, employees
    Revenue,         // a year's revenue: ARR, revenue, turnover
    MonthlyRevenue,  // MRR
    Enrollment,      // students, pupils, learners
    Beds,
    Locations,  // sites, stores, clinics, schools, branches
    Budget,
    DealSize,   // average deal or order value
    Customers,  // customers, clients, members, donors, subscribers
    Volume,     // orders, shipments, tickets, appointments
    Other,
};

// A number the prospect gave: as written (shown on the page) and as read (used in estimates).
struct Quantity {
    std::string label;      // "ARR", "Beds": the field's name made readable
    std::string asWritten;  // "$4.2M", "420"
    double value = 0;
    std::string currency;  // "$", "€", "£", "¥", or empty
    QuantityKind kind = QuantityKind::Other;
};

// A fact research found, for the page to quote with where it came from.
struct SourcedFact {
    std::string text;
    std::string source;  // "luckyspin.example/careers"; empty when research gave none
};

struct Reader {
    ReaderName name;
    std::string title;
    std::string seniority;  // research's word: executive, vp, head, … or unknown
    RoleFamily family = RoleFamily::Other;
    Level level = Level::Practitioner;

    std::string company;              // the name as given; empty when unknown
    std::string industry;             // research's canonical industry; empty when unknown
    std::string sizeCategory;         // micro, small, mid_market, enterprise; empty when unknown
    std::string sizeBand;             // "201-500"
    std::string sizeAsWritten;        // the lead's companySize as submitted ("1,000-5,000")
    std::optional<double> employees;  // a head count: research's profile or a custom field
    std::string employeesSource;      // where research read it, when it did
    std::string country;
    std::string emailDomain;

    std::vector<std::string> tools;  // technologies research found and tools the lead named
    std::string toolsSource;         // where research read its technologies
    std::string pain;                // a challenge the lead described, as written
    std::string goal;                // an aim the lead described
    std::string timeline;            // when they mean to act
    std::string origin;              // how they found the sender: "webinar", "referral from …"
    std::vector<Quantity> quantities;
    // Everything else the lead told us, field by field: label and value as written.
    std::vector<std::pair<std::string, std::string>> otherFields;

    std::vector<SourcedFact> findings;  // research findings from outside sources
    std::vector<SourcedFact> signals;   // hiring, funding, news, leadership changes
    std::string description;            // what the company says it does, shortened

    std::string senderName;  // project settings brand.sender_name
    std::string senderTitle;
    std::string brandName;  // brand.name, else the project's name
};

// Reads `research` (already checked to be an object), the lead's own fields and the project's
// settings (either may be null).
Reader readReader(const Poco::JSON::Object::Ptr& research, const Poco::JSON::Object::Ptr& lead,
                  const Poco::JSON::Object::Ptr& settings, const std::string& projectName);

// The quantity of that kind, if the reader gave one.
const Quantity* quantityOf(const Reader& reader, QuantityKind kind);

// The company's size as a range: the lead's own words when they gave one ("1,000-5,000",
// "10k+"), else research's size band in words ("1,001 to 5,000", "10,000 or more"); empty when
// there is none, or the lead gave one number (that is a head count, not a range).
std::string sizeRange(const Reader& reader);

// A head count for estimates: the reader's number as given, else the middle of the range they
// gave or of the size band; `basis` says which, in words the page can show ("420 people, as you
// told us"; "201 to 500 people, your size band, worked at its middle of 350"). Nothing when the
// size is unknown: the page then names no head count.
std::optional<double> headcount(const Reader& reader, std::string* basis = nullptr);

}  // namespace lodestone::content_template
