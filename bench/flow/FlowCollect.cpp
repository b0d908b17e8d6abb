#include "bench/flow/FlowCollect.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bench/support/ApiClient.hpp"

namespace lodestone::bench::flow {

namespace {

using lodestone::test::ReceivedMessage;

std::string counts(const std::map<std::string, std::int64_t>& byName) {
    std::string text;
    for (const auto& [name, count] : byName) {
        text += (text.empty() ? "" : ", ") + name + " " + std::to_string(count);
    }
    return text.empty() ? "none" : text;
}

// When the server accepted the message: it writes the file just before it answers 250.
double acceptedAtMs(const ReceivedMessage& message) {
    struct stat info {};
    if (::stat(message.file.c_str(), &info) != 0) return 0;
    return static_cast<double>(info.st_mtim.tv_sec) * 1000.0 +
           static_cast<double>(info.st_mtim.tv_nsec) / 1e6;
}

Span span(ReadOnlyDatabase& db, const std::string& sql) {
    Span s;
    db.query(sql, [&](sqlite3_stmt* row) {
        s.firstMs = sqlite3_column_int64(row, 0);
        s.lastMs = sqlite3_column_int64(row, 1);
    });
    return s;
}

Summary summaryOf(ReadOnlyDatabase& db, const std::string& sql) {
    std::vector<double> values;
    db.query(sql, [&](sqlite3_stmt* s) {
        values.push_back(static_cast<double>(sqlite3_column_int64(s, 0)));
    });
    return summarise(std::move(values));
}

void byStatus(ReadOnlyDatabase& db, const std::string& sql,
              std::map<std::string, std::int64_t>& into) {
    db.query(sql, [&](sqlite3_stmt* s) {
        into[ReadOnlyDatabase::column(s, 0)] = sqlite3_column_int64(s, 1);
    });
}

void readDatabase(ReadOnlyDatabase& db, Measurement& m) {
    byStatus(db, "SELECT status, COUNT(*) FROM prospects GROUP BY status", m.prospectStatuses);
    byStatus(db, "SELECT status, COUNT(*) FROM jobs WHERE kind = 'lead_magnet' GROUP BY status",
             m.magnetStatuses);
    byStatus(db, "SELECT status, COUNT(*) FROM email_sends GROUP BY status", m.sendStatuses);
    m.researched = span(db,
                        "SELECT MIN(at), MAX(at) FROM prospect_transitions WHERE status = "
                        "'scored'");
    m.qualified = span(db,
                       "SELECT MIN(at), MAX(at) FROM prospect_transitions WHERE status = "
                       "'qualified'");
    m.magnetsStarted = span(db,
                            "SELECT MIN(created_at), MAX(created_at) FROM jobs WHERE kind = "
                            "'lead_magnet'");
    m.magnetsDone = span(db,
                         "SELECT MIN(finished_at), MAX(finished_at) FROM jobs WHERE kind = "
                         "'lead_magnet' AND status = 'completed'");
    m.sent = span(db, "SELECT MIN(sent_at), MAX(sent_at) FROM email_sends WHERE status = 'sent'");
    m.magnetJobMs = summaryOf(db,
                              "SELECT finished_at - created_at FROM jobs WHERE kind = "
                              "'lead_magnet' AND status = 'completed'");
    m.qualifiedToSentMs =
        summaryOf(db, "SELECT sent_at - created_at FROM email_sends WHERE status = 'sent'");
    m.addedToSentMs = summaryOf(db,
                                "SELECT e.sent_at - p.created_at FROM email_sends e JOIN "
                                "prospects p ON p.id = e.prospect_id WHERE e.status = 'sent'");
    m.retriedSends = db.integer("SELECT COUNT(*) FROM email_sends WHERE attempt_count > 1");
    m.retriedMagnets =
        db.integer("SELECT COUNT(*) FROM jobs WHERE kind = 'lead_magnet' AND retry_count > 0");
}

// The lead id of the first /m/<leadId> link in the message, its quoted-printable soft line
// breaks removed first ("" when there is none).
std::string linkedLead(const std::string& raw) {
    std::string text;
    text.reserve(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw.compare(i, 3, "=\r\n") == 0) {
            i += 2;
            continue;
        }
        text += raw[i];
    }
    const auto at = text.find("/m/");
    if (at == std::string::npos) return "";
    const auto start = at + 3;
    auto end = start;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                 text[end] == '_' || text[end] == '-')) {
        ++end;
    }
    return text.substr(start, end - start);
}

void verify(ReadOnlyDatabase& db, const std::vector<ReceivedMessage>& messages, std::uint16_t port,
            int prospects, int checkPages, Measurement& m) {
    Verification& v = m.verification;
    if (m.leads.count(201) != prospects) {
        v.problem("leads added: " + std::to_string(m.leads.count(201)) + " of " +
                  std::to_string(prospects) +
                  (m.leads.firstProblem.empty() ? "" : " (" + m.leads.firstProblem + ")"));
    }
    auto only = [&](const std::map<std::string, std::int64_t>& statuses, const std::string& status,
                    const std::string& what) {
        auto it = statuses.find(status);
        if (statuses.size() != 1 || it == statuses.end() || it->second != prospects) {
            v.problem(what + ": " + counts(statuses) + " (expected " + status + " " +
                      std::to_string(prospects) + ")");
        }
    };
    only(m.prospectStatuses, "completed", "prospects");
    only(m.magnetStatuses, "completed", "lead magnets");
    only(m.sendStatuses, "sent", "emails in the database");

    // Each prospect's address with its own lead's id.
    std::map<std::string, std::string> leadOf;
    db.query("SELECT p.email, l.id FROM leads l JOIN prospects p ON p.id = l.prospect_id",
             [&](sqlite3_stmt* s) {
                 leadOf[ReadOnlyDatabase::column(s, 0)] = ReadOnlyDatabase::column(s, 1);
             });
    std::set<std::string> ids, recipients;
    std::vector<std::string> linked;
    for (const auto& message : messages) {
        ids.insert(message.header("Message-ID"));
        const std::string to = message.rcptTos.size() == 1 ? message.rcptTos.front() : "";
        recipients.insert(to);
        const std::string lead = linkedLead(message.raw);
        if (lead.empty()) {
            v.problem("message " + message.file.filename().string() + " to " + to +
                      " has no /m/ link");
            continue;
        }
        ++v.withLink;
        linked.push_back(lead);
        auto own = leadOf.find(to);
        if (own != leadOf.end() && own->second == lead) {
            ++v.ownLink;
        } else {
            v.problem("message " + message.file.filename().string() + " to " + to + " links to " +
                      lead + ", not to the prospect's own lead magnet");
        }
    }
    v.sinkMessages = static_cast<std::int64_t>(messages.size());
    v.distinctMessageIds = static_cast<std::int64_t>(ids.size());
    v.distinctRecipients = static_cast<std::int64_t>(recipients.size());
    if (v.sinkMessages != prospects || v.distinctMessageIds != prospects ||
        v.distinctRecipients != prospects) {
        v.problem("the server accepted " + std::to_string(v.sinkMessages) + " messages (" +
                  std::to_string(v.distinctMessageIds) + " Message-IDs, " +
                  std::to_string(v.distinctRecipients) + " recipients), expected one each for " +
                  std::to_string(prospects) + " prospects");
    }

    // A sample of the linked pages, spread over the messages, as a recipient would open them.
    if (checkPages <= 0 || linked.empty()) return;
    ApiConnection connection(port);
    const std::size_t step = std::max<std::size_t>(1, linked.size() / checkPages);
    for (std::size_t i = 0; i < linked.size() && v.pagesChecked < checkPages; i += step) {
        ++v.pagesChecked;
        std::string page;
        int status = 0;
        try {
            status = connection.request("GET", "/m/" + linked[i], "", page);
        } catch (const std::exception& e) {
            v.problem("GET /m/" + linked[i] + ": " + e.what());
            continue;
        }
        // The finished page as finalize stored it, not the "being prepared" one (also 200).
        // Lead ids are letters, digits and '_', so the id can stand in the statement.
        const std::string stored =
            db.text("SELECT page_html FROM leads WHERE id = '" + linked[i] + "'");
        if (status == 200 && !page.empty() && page == stored) {
            ++v.pagesOk;
        } else {
            v.problem("GET /m/" + linked[i] + ": " + std::to_string(status) + ", " +
                      std::to_string(page.size()) + " bytes" +
                      (page == stored ? "" : ", not the stored page"));
        }
    }
}

}  // namespace

void collect(ReadOnlyDatabase& db, const lodestone::test::SmtpSink& sink, std::uint16_t port,
             int prospects, int checkPages, Measurement& m) {
    readDatabase(db, m);
    const auto messages = sink.messages();
    m.received = static_cast<std::int64_t>(messages.size());
    for (const auto& message : messages) {
        const double at = acceptedAtMs(message);
        if (m.firstAcceptedMs == 0 || at < m.firstAcceptedMs) m.firstAcceptedMs = at;
        m.lastAcceptedMs = std::max(m.lastAcceptedMs, at);
    }
    verify(db, messages, port, prospects, checkPages, m);
}

Memory memoryOf(pid_t pid) {
    Memory memory;
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string name;
    std::int64_t value = 0;
    while (in >> name) {
        if (name == "VmRSS:" && in >> value) memory.rssKib = value;
        if (name == "VmHWM:" && in >> value) memory.hwmKib = value;
        if (name == "Threads:" && in >> value) memory.threads = value;
    }
    return memory;
}

}  // namespace lodestone::bench::flow
