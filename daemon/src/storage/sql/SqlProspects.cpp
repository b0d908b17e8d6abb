#include <Poco/String.h>

#include <algorithm>

#include "storage/StorageError.hpp"
#include "storage/sql/Dialect.hpp"
#include "storage/sql/Paging.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

using domain::ProspectStatus;

const std::string kColumns =
    "id, organisation_id, campaign_id, email, email_key, company_name, contact_name, title, "
    "domain, input_json, status, score, score_json, booking_token, error, created_at, "
    "updated_at, unsubscribe_token";

std::string_view name(ProspectStatus status) {
    return domain::toString(status);
}

ProspectStatus statusOf(const Row& row, const char* column) {
    auto status = domain::prospectStatusFromString(row.text(column));
    if (!status)
        throw StorageError("unexpected prospect status in the database: " + row.text(column));
    return *status;
}

domain::Prospect toProspect(const Row& row) {
    domain::Prospect prospect;
    prospect.id = row.text("id");
    prospect.organisationId = row.text("organisation_id");
    prospect.campaignId = row.text("campaign_id");
    prospect.email = row.text("email");
    prospect.emailKey = row.text("email_key");
    prospect.companyName = row.text("company_name");
    prospect.contactName = row.text("contact_name");
    prospect.title = row.optionalText("title");
    prospect.domain = row.optionalText("domain");
    prospect.inputJson = row.text("input_json");
    prospect.status = statusOf(row, "status");
    if (auto score = row.optionalInteger("score")) prospect.score = static_cast<int>(*score);
    prospect.scoreJson = row.optionalText("score_json");
    prospect.bookingToken = row.text("booking_token");
    prospect.error = row.optionalText("error");
    prospect.createdAt = row.integer("created_at");
    prospect.updatedAt = row.integer("updated_at");
    prospect.unsubscribeToken = row.text("unsubscribe_token");
    return prospect;
}

// The LIKE patterns of a search: one per word, lowercased (each is matched against lowercased
// columns: case-insensitive in both databases), each matching it anywhere, with LIKE's own
// wildcards in it taken literally.
std::vector<std::string> searchWords(const std::optional<std::string>& text) {
    std::vector<std::string> patterns;
    if (!text) return patterns;
    std::string word;
    auto flush = [&] {
        if (!word.empty()) patterns.push_back("%" + Poco::toLower(likeLiteral(word)) + "%");
        word.clear();
    };
    for (char c : *text) {
        if (c == ' ' || c == '\t') {
            flush();
            continue;
        }
        word += c;
    }
    flush();
    return patterns;
}

// The conditions of a filter, then of its page if it has one, and their values bound in the same
// order: one text per combination of filters given, each compiled once and kept.
class ProspectConditions {
  public:
    ProspectConditions(const ProspectFilter& filter, std::optional<PageRequest> page)
        : filter_(filter), page_(std::move(page)), words_(searchWords(filter.text)) {
        where_.add("campaign_id = ?");
        if (filter.status) where_.add("status = ?");
        if (filter.minScore) where_.add("score >= ?");
        for (std::size_t i = 0; i < words_.size(); ++i) {
            where_.add(
                "(lower(contact_name) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\' OR "
                "lower(company_name) LIKE ? ESCAPE '\\')");
        }
        if (page_) where_.startOf(*page_);
    }

    const std::string& text() const { return where_.text(); }

    void bind(Query& query) const {
        query.bind(filter_.campaignId);
        if (filter_.status) query.bind(name(*filter_.status));
        if (filter_.minScore) query.bind(*filter_.minScore);
        for (const auto& word : words_) query.bindAll(word, word, word);
        if (page_) bindPage(query, *page_);
    }

  private:
    const ProspectFilter& filter_;
    std::optional<PageRequest> page_;
    std::vector<std::string> words_;
    Conditions where_;
};

}  // namespace

void SqlProspects::insert(const domain::Prospect& prospect) {
    static const std::string sql =
        "INSERT INTO prospects (" + kColumns +
        ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    const auto score = prospect.score ? std::optional<std::int64_t>(*prospect.score) : std::nullopt;
    try {
        Query(statements_, sql)
            .bindAll(prospect.id, prospect.organisationId, prospect.campaignId, prospect.email,
                     prospect.emailKey, prospect.companyName, prospect.contactName, prospect.title,
                     prospect.domain, prospect.inputJson, name(prospect.status), score,
                     prospect.scoreJson, prospect.bookingToken, prospect.error, prospect.createdAt,
                     prospect.updatedAt, prospect.unsubscribeToken)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("campaign " + prospect.campaignId + " already has a prospect with email " +
                       prospect.emailKey);
    }
    recordTransition(prospect.id, prospect.status, prospect.createdAt, std::nullopt);
}

std::optional<domain::Prospect> SqlProspects::findWhere(const std::string& where,
                                                        const std::vector<std::string>& params) {
    // Each caller passes a fixed condition, so this compiles a few statements, each kept.
    Query query(statements_, "SELECT " + kColumns + " FROM prospects WHERE " + where);
    for (const auto& param : params) query.bind(param);
    return query.firstRow(toProspect);
}

std::optional<domain::Prospect> SqlProspects::find(const std::string& id) {
    return findWhere("id = ?", {id});
}

std::optional<domain::Prospect> SqlProspects::findByEmail(const std::string& campaignId,
                                                          const std::string& emailKey) {
    return findWhere("campaign_id = ? AND email_key = ?", {campaignId, emailKey});
}

std::vector<domain::Prospect> SqlProspects::withAddress(const std::string& organisationId,
                                                        const std::string& emailKey) {
    Query query(statements_, "SELECT " + kColumns +
                                 " FROM prospects WHERE organisation_id = ? AND email_key = ?");
    std::vector<domain::Prospect> out;
    query.bindAll(organisationId, emailKey).forEachRow([&](const Row& row) {
        out.push_back(toProspect(row));
    });
    return out;
}

std::vector<domain::Prospect> SqlProspects::atDomain(const std::string& organisationId,
                                                     const std::string& domain) {
    // A host name has no '%' or '_', so the patterns need no escape; LIKE may match a wider set
    // on SQLite (case), and the rule decides.
    Query query(statements_, "SELECT " + kColumns +
                                 " FROM prospects WHERE organisation_id = ? AND "
                                 "(email_key LIKE ? OR email_key LIKE ?)");
    std::vector<domain::Prospect> out;
    query.bindAll(organisationId, "%@" + domain, "%." + domain).forEachRow([&](const Row& row) {
        auto prospect = toProspect(row);
        if (domain::domainCovers(domain, prospect.emailKey)) out.push_back(std::move(prospect));
    });
    return out;
}

std::optional<domain::Prospect> SqlProspects::findByBookingToken(const std::string& token) {
    return findWhere("booking_token = ?", {token});
}

std::optional<domain::Prospect> SqlProspects::findByUnsubscribeToken(const std::string& token) {
    return findWhere("unsubscribe_token = ?", {token});
}

bool SqlProspects::transition(const std::string& id, const std::vector<ProspectStatus>& from,
                              ProspectStatus to, Timestamp now,
                              const std::optional<std::string>& detail) {
    if (from.empty()) return false;
    // One text per length of `from`: a few, each compiled once and kept.
    std::string sql =
        "UPDATE prospects SET status = ?, updated_at = ?, error = ? WHERE id = ? AND status IN (";
    for (std::size_t i = 0; i < from.size(); ++i) sql += (i == 0 ? "?" : ", ?");
    sql += ")";
    Query update(statements_, sql);
    // The error says why the prospect failed: kept while failed, cleared when it moves on.
    update.bindAll(name(to), now, to == ProspectStatus::Failed ? detail : std::nullopt, id);
    for (auto status : from) update.bind(name(status));
    if (update.execute() == 0) return false;
    recordTransition(id, to, now, detail);
    return true;
}

void SqlProspects::setScore(const std::string& id, int score, const std::string& scoreJson,
                            Timestamp now) {
    int changed =
        Query(statements_,
              "UPDATE prospects SET score = ?, score_json = ?, updated_at = ? WHERE id = ?")
            .bindAll(score, scoreJson, now, id)
            .execute();
    if (changed == 0) throw NotFound("no prospect with id " + id);
}

void SqlProspects::recordTransition(const std::string& id, ProspectStatus status, Timestamp at,
                                    const std::optional<std::string>& detail) {
    Query(statements_,
          "INSERT INTO prospect_transitions (prospect_id, status, at, detail) "
          "VALUES (?, ?, ?, ?)")
        .bindAll(id, name(status), at, detail)
        .execute();
}

std::vector<domain::ProspectTransition> SqlProspects::history(const std::string& id) {
    Query select(statements_,
                 "SELECT status, at, detail FROM prospect_transitions WHERE prospect_id = ? "
                 "ORDER BY id");
    select.bind(id);
    std::vector<domain::ProspectTransition> transitions;
    select.forEachRow([&](const Row& row) {
        transitions.push_back(
            {statusOf(row, "status"), row.integer("at"), row.optionalText("detail")});
    });
    return transitions;
}

std::vector<domain::Prospect> SqlProspects::page(const ProspectFilter& filter,
                                                 const PageRequest& page) {
    const ProspectConditions where(filter, page);
    Query query(statements_,
                "SELECT " + kColumns + " FROM prospects" + where.text() + kNewestFirst);
    where.bind(query);
    std::vector<domain::Prospect> out;
    query.forEachRow([&](const Row& row) { out.push_back(toProspect(row)); });
    return out;
}

std::vector<ExportedProspect> SqlProspects::exportPage(const ProspectFilter& filter,
                                                       const PageRequest& page) {
    // Each outcome is a lookup by prospect in an index of its own table (email_sends' unique
    // (prospect_id, step), prospect_transitions_by_prospect, meetings_by_prospect).
    static const std::string outcomes =
        ", (SELECT MAX(e.sent_at) FROM email_sends e WHERE e.prospect_id = prospects.id) "
        "AS last_email_at, "
        "(SELECT COUNT(*) FROM prospect_transitions t WHERE t.prospect_id = prospects.id "
        "AND t.status = 'replied') AS replies, "
        "(SELECT m.scheduled_at FROM meetings m WHERE m.prospect_id = prospects.id "
        "AND m.cancelled_at IS NULL ORDER BY m.created_at DESC LIMIT 1) AS meeting_at";
    const ProspectConditions where(filter, page);
    Query query(statements_,
                "SELECT " + kColumns + outcomes + " FROM prospects" + where.text() + kNewestFirst);
    where.bind(query);
    std::vector<ExportedProspect> out;
    query.forEachRow([&](const Row& row) {
        ProspectOutcome outcome{row.optionalInteger("last_email_at"), row.integer("replies") > 0,
                                row.optionalText("meeting_at")};
        out.push_back({toProspect(row), std::move(outcome)});
    });
    return out;
}

std::vector<std::string> SqlProspects::customDataKeys(const ProspectFilter& filter) {
    const ProspectConditions where(filter, std::nullopt);
    // customData is an object of Add Lead's body (input_json); anything else has no keys.
    const std::string keys =
        statements_.dialect() == Dialect::Sqlite
            ? "SELECT DISTINCT j.key AS name FROM (SELECT input_json FROM prospects" +
                  where.text() +
                  ") p, json_each(p.input_json, '$.customData') j "
                  "WHERE json_type(p.input_json, '$.customData') = 'object'"
            : "SELECT DISTINCT k AS name FROM (SELECT input_json::jsonb -> 'customData' AS c "
              "FROM prospects" +
                  where.text() +
                  ") p, jsonb_object_keys(CASE WHEN jsonb_typeof(p.c) = 'object' THEN p.c "
                  "ELSE '{}'::jsonb END) k";
    Query query(statements_, keys);
    where.bind(query);
    std::vector<std::string> names;
    query.forEachRow([&](const Row& row) { names.push_back(row.text("name")); });
    // In bytes, as both databases would not agree on a collation.
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace lodestone::storage::sql
