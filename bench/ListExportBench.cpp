// The list export benchmark (docs/benchmarks.md, "List export"): a campaign's prospects seeded
// straight into the daemon's SQLite database, then exported over GET
// /api/campaigns/{id}/leads/export on 127.0.0.1, at two sizes, measuring rows/s and the daemon's
// resident memory while it streams: the export reads a page at a time, so its peak should not
// follow the number of rows.
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "bench/support/Flags.hpp"
#include "bench/support/Lodestoned.hpp"
#include "bench/support/Machine.hpp"
#include "bench/support/RunDir.hpp"

namespace lodestone::bench {
namespace {

const std::string kCampaign = "Export";

struct Options {
    int small = 10000;
    int large = 100000;
    bool keep = false;
};

// The daemon's resident set and its high-water mark, in KiB, from /proc/<pid>/status.
std::pair<long, long> residentKiB(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    long rss = 0;
    long hwm = 0;
    for (std::string line; std::getline(status, line);) {
        if (line.starts_with("VmRSS:")) rss = std::stol(line.substr(6));
        if (line.starts_with("VmHWM:")) hwm = std::stol(line.substr(6));
    }
    return {rss, hwm};
}

class Database {
  public:
    explicit Database(const std::filesystem::path& file) {
        if (sqlite3_open(file.c_str(), &db_) != SQLITE_OK) throw std::runtime_error("open");
        sqlite3_busy_timeout(db_, 60000);
    }
    ~Database() { sqlite3_close(db_); }
    void exec(const std::string& sql) {
        char* error = nullptr;
        if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            std::string message = error ? error : "?";
            sqlite3_free(error);
            throw std::runtime_error(sql.substr(0, 60) + ": " + message);
        }
    }
    std::string text(const std::string& sql) {
        sqlite3_stmt* statement = nullptr;
        sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr);
        std::string out;
        if (sqlite3_step(statement) == SQLITE_ROW) {
            out = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
        }
        sqlite3_finalize(statement);
        return out;
    }

    // Prospects `from` to `to` - 1 of the campaign, as Add Lead would store them, each with a
    // score, every other one with a sent email and every tenth with a meeting: the export's
    // outcome columns read all three.
    void seed(const std::string& organisation, const std::string& campaign, int from, int to) {
        exec("BEGIN");
        const char* prospect =
            "INSERT INTO prospects (id, organisation_id, campaign_id, email, email_key, "
            "company_name, contact_name, title, domain, input_json, status, score, score_json, "
            "booking_token, created_at, updated_at, unsubscribe_token) VALUES (?1, ?2, ?3, ?4, "
            "?4, ?5, ?6, 'VP Engineering', 'engines.example', ?7, 'in_sequence', ?8, ?9, ?10, "
            "?11, ?11, ?12)";
        const char* email =
            "INSERT INTO email_sends (id, organisation_id, campaign_id, prospect_id, step, status, "
            "due_at, attempt_count, message_id, sent_at, created_at, updated_at) VALUES (?1, ?2, "
            "?3, ?4, 0, 'sent', ?5, 1, ?6, ?5, ?5, ?5)";
        const char* meeting =
            "INSERT INTO meetings (id, campaign_id, prospect_id, scheduled_at, duration_minutes, "
            "title, created_at) VALUES (?1, ?2, ?3, '2026-12-03T10:30:00Z', 30, 'Call', ?4)";
        sqlite3_stmt* p = prepare(prospect);
        sqlite3_stmt* e = prepare(email);
        sqlite3_stmt* m = prepare(meeting);
        for (int i = from; i < to; ++i) {
            const std::string n = std::to_string(i);
            const std::string id = "prospect_bench" + n;
            const std::string address = "person" + n + "@engines.example";
            const std::string company = i % 7 == 0 ? "=Formula, \"Inc\" " + n : "Engines " + n;
            const std::string input =
                R"({"companyName":")" + (i % 7 == 0 ? "=Formula, \\\"Inc\\\" " + n : company) +
                R"(","contactName":"Ada )" + n + R"(","email":")" + address +
                R"(","title":"VP Engineering","phone":"+44 20 7946 )" + n +
                R"(","company":{"employeeCount":)" + std::to_string(10 + i % 500) +
                R"(,"industry":"Software","technologies":["C++","Poco"]},)" +
                R"("customData":{"source":"fair 2026","tier":")" + (i % 2 ? "gold" : "silver") +
                R"(","owner":"sam"}})";
            const std::int64_t at = 1764000000000LL + i;
            bind(p, {id, organisation, campaign, address, company, "Ada " + n, input});
            sqlite3_bind_int(p, 8, i % 101);
            bind(p,
                 {R"({"score":)" + std::to_string(i % 101) + R"(,"qualified":true})", "book" + n},
                 9);
            sqlite3_bind_int64(p, 11, at);
            bind(p, {"unsub" + n}, 12);
            step(p);
            if (i % 2 == 0) {
                bind(e, {"es_bench" + n, organisation, campaign, id});
                sqlite3_bind_int64(e, 5, at + 1000);
                bind(e, {"<es_bench" + n + "@engines.example>"}, 6);
                step(e);
            }
            if (i % 10 == 0) {
                bind(m, {"meeting_bench" + n, campaign, id});
                sqlite3_bind_int64(m, 4, at + 2000);
                step(m);
            }
        }
        for (auto* statement : {p, e, m}) sqlite3_finalize(statement);
        exec("COMMIT");
    }

  private:
    sqlite3_stmt* prepare(const char* sql) {
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db_, sql, -1, &statement, nullptr) != SQLITE_OK) {
            throw std::runtime_error(sqlite3_errmsg(db_));
        }
        return statement;
    }
    static void bind(sqlite3_stmt* statement, const std::vector<std::string>& values,
                     int first = 1) {
        for (std::size_t i = 0; i < values.size(); ++i) {
            sqlite3_bind_text(statement, first + static_cast<int>(i), values[i].c_str(), -1,
                              SQLITE_TRANSIENT);
        }
    }
    void step(sqlite3_stmt* statement) {
        if (sqlite3_step(statement) != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(db_));
        sqlite3_reset(statement);
    }

    sqlite3* db_ = nullptr;
};

struct Export {
    long rows = 0;
    std::int64_t bytes = 0;
    double seconds = 0;
    long rssBeforeKiB = 0;
    long rssPeakKiB = 0;  // sampled every 10 ms while the export ran
};

Export measure(std::uint16_t port, pid_t daemon, const std::string& campaign) {
    Export result;
    result.rssBeforeKiB = residentKiB(daemon).first;
    std::atomic<bool> done = false;
    std::atomic<long> peak = result.rssBeforeKiB;
    std::thread sampler([&] {
        while (!done) {
            peak = std::max(peak.load(), residentKiB(daemon).first);
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    });
    const auto start = std::chrono::steady_clock::now();
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(600, 0));
    Poco::Net::HTTPRequest request("GET", "/api/campaigns/" + campaign + "/leads/export",
                                   Poco::Net::HTTPMessage::HTTP_1_1);
    request.set("Authorization", "Bearer " + kApiKey);
    session.sendRequest(request);
    Poco::Net::HTTPResponse response;
    auto& body = session.receiveResponse(response);
    if (response.getStatus() != 200)
        throw std::runtime_error("export answered " + std::to_string(response.getStatus()));
    char buffer[1 << 16];
    while (body.read(buffer, sizeof buffer) || body.gcount() > 0) {
        const auto got = body.gcount();
        result.bytes += got;
        for (std::streamsize i = 0; i < got; ++i) result.rows += buffer[i] == '\n';
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    done = true;
    sampler.join();
    result.rows -= 1;  // the header; cells hold no line breaks here
    result.rssPeakKiB = peak;
    return result;
}

void report(const Export& run) {
    std::cout << "  " << run.rows << " rows, " << run.bytes / (1024 * 1024) << " MiB in "
              << run.seconds << " s: " << static_cast<long>(run.rows / run.seconds)
              << " rows/s; daemon RSS " << run.rssBeforeKiB / 1024 << " MiB before, peak "
              << run.rssPeakKiB / 1024 << " MiB during (+"
              << (run.rssPeakKiB - run.rssBeforeKiB) / 1024 << " MiB)\n";
}

int run(const Options& options) {
    RunDir dir("lodestone-export-bench", options.keep);
    std::ofstream(dir.configFile())
        << serverAndStorageYaml("normal") << "jobs:\n  run: false\n"
        << unthrottledYaml({"status_per_minute"})
        << organisationYaml(0, "      campaigns:\n        - name: " + kCampaign + "\n");
    auto daemon = launchLodestoned(dir.configFile());
    const auto port = waitUntilListening(daemon);
    Database database(dir.databaseFile());
    const auto campaign =
        database.text("SELECT id FROM campaigns WHERE name = '" + kCampaign + "'");
    const auto organisation =
        database.text("SELECT organisation_id FROM campaigns WHERE id = '" + campaign + "'");
    std::cout << "List export, " << Machine::describe().text() << "\n";
    std::cout << "daemon VmHWM after start: " << residentKiB(daemon.pid()).second / 1024
              << " MiB\n";
    int seeded = 0;
    for (int rows : {options.small, options.large}) {
        const auto start = std::chrono::steady_clock::now();
        database.seed(organisation, campaign, seeded, rows);
        seeded = rows;
        std::cout << rows << " prospects (seeded in "
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
                  << " s):\n";
        measure(port, daemon.pid(), campaign);  // warms the page cache and the statements
        report(measure(port, daemon.pid(), campaign));
    }
    std::cout << "daemon VmHWM at the end: " << residentKiB(daemon.pid()).second / 1024 << " MiB\n";
    auto exit = stopLodestoned(daemon);
    if (!exit.clean()) throw std::runtime_error("lodestoned ended with " + exit.text());
    return 0;
}

}  // namespace
}  // namespace lodestone::bench

int main(int argc, char** argv) {
    using namespace lodestone::bench;
    return benchMain("list_export_bench", [&] {
        Options options;
        Flags flags(argc, argv);
        while (flags.next()) {
            if (flags.isHelp()) {
                std::cout << "list_export_bench [--small N] [--large N] [--keep]\n"
                             "Exports a campaign of N prospects (10000, then 100000) as CSV over "
                             "127.0.0.1 and reports rows/s and the daemon's RSS.\n";
                return 0;
            } else if (flags.is("--small")) {
                options.small = flags.integer();
            } else if (flags.is("--large")) {
                options.large = flags.integer();
            } else if (flags.is("--keep")) {
                options.keep = true;
            } else {
                flags.unknown();
            }
        }
        return run(options);
    });
}
