// `webhook list | show | redeliver`: what an operator uses when a receiver was down or its URL
// was wrong. --json prints the records in the shape of the HTTP API (webhooks::renderDelivery).
#include <Poco/JSON/Stringifier.h>

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "Commands.hpp"
#include "storage/StorageError.hpp"
#include "storage/WebhookDeliveryRepository.hpp"
#include "webhooks/DeliveryRecords.hpp"

namespace lodestone::ctl {
namespace {

constexpr std::int64_t kMaxLimit = 10'000;

std::string orDash(const std::optional<std::string>& text) {
    return text ? *text : "-";
}

std::string timeOrDash(const std::optional<domain::Timestamp>& at) {
    return at ? isoTime(*at) : "-";
}

// The same words as the JSON's attempt `outcome`.
std::string outcomeOf(const domain::WebhookAttempt& attempt) {
    if (!attempt.delivered) return "in_flight";
    return *attempt.delivered ? "delivered" : "failed";
}

// "#2  2024-05-01T09:01:00Z  failed     HTTP 503     120 ms    <error>", padded so that the
// attempts under a delivery line up; `show` adds where each went.
std::string attemptLine(const domain::WebhookAttempt& attempt, bool withUrl) {
    std::ostringstream line;
    line << "  #" << attempt.number << "  " << isoTime(attempt.startedAt) << "  " << std::left
         << std::setw(9) << outcomeOf(attempt) << "  " << std::setw(11)
         << (attempt.statusCode ? "HTTP " + std::to_string(*attempt.statusCode) : "no response")
         << "  " << std::setw(8)
         << (attempt.latencyMs ? std::to_string(*attempt.latencyMs) + " ms" : "-");
    if (attempt.manual) line << "  (redelivery)";
    if (withUrl) line << "  " << orDash(attempt.url);
    if (attempt.error) line << "  " << *attempt.error;
    std::string text = line.str();
    return text.substr(0, text.find_last_not_of(' ') + 1);
}

// Pending: when the next attempt is due (or that one is under way); delivered: when.
std::string nextOrDelivered(const domain::WebhookDelivery& delivery) {
    switch (delivery.status) {
        case domain::DeliveryStatus::Pending:
            return delivery.leaseOwner ? "in flight" : timeOrDash(delivery.nextAttemptAt);
        case domain::DeliveryStatus::Delivered:
            return timeOrDash(delivery.deliveredAt);
        case domain::DeliveryStatus::Failed:
            break;
    }
    return "-";
}

// One aligned row per delivery, its attempts indented beneath it.
std::string listText(const std::vector<webhooks::DeliveryRecord>& records, int limit) {
    const std::vector<std::string> header{
        "id", "to", "event", "status", "attempts", "next/delivered", "last error"};
    std::vector<std::vector<std::string>> rows;
    for (const auto& [delivery, attempts] : records) {
        rows.push_back({delivery.id, delivery.endpointId.value_or(delivery.campaignId.value_or("")),
                        delivery.event, std::string(domain::toString(delivery.status)),
                        std::to_string(delivery.attemptCount), nextOrDelivered(delivery),
                        orDash(delivery.lastError)});
    }
    std::vector<std::size_t> widths;
    for (const auto& name : header) widths.push_back(name.size());
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
    }
    std::ostringstream out;
    auto printRow = [&](const std::vector<std::string>& cells) {
        for (std::size_t c = 0; c < cells.size(); ++c) {
            out << (c ? "  " : "") << std::left
                << std::setw(c + 1 < cells.size() ? static_cast<int>(widths[c]) : 0) << cells[c];
        }
        out << '\n';
    };
    printRow(header);
    for (std::size_t i = 0; i < records.size(); ++i) {
        printRow(rows[i]);
        for (const auto& attempt : records[i].attempts) out << attemptLine(attempt, false) << '\n';
    }
    if (records.empty()) out << "(none)\n";
    if (records.size() == static_cast<std::size_t>(limit)) {
        out << "(showing the newest " << limit << "; --limit N shows more)\n";
    }
    return out.str();
}

// A delivery in full: its fields as `name  value` lines, then its payload and its attempts.
std::string recordText(const webhooks::DeliveryRecord& record, bool withPayload) {
    const auto& delivery = record.delivery;
    const std::vector<std::pair<std::string, std::string>> fields{
        {"id", delivery.id},
        {"event", delivery.event},
        {"organisationId", delivery.organisationId},
        {"campaignId", orDash(delivery.campaignId)},
        {"endpointId", orDash(delivery.endpointId)},
        {"status", std::string(domain::toString(delivery.status))},
        {"attemptCount", std::to_string(delivery.attemptCount)},
        {"nextAttemptAt", delivery.status == domain::DeliveryStatus::Pending
                              ? timeOrDash(delivery.nextAttemptAt)
                              : "-"},
        {"redelivery", delivery.manual ? "true" : "false"},
        {"lastError", orDash(delivery.lastError)},
        {"createdAt", isoTime(delivery.createdAt)},
        {"updatedAt", isoTime(delivery.updatedAt)},
        {"deliveredAt", timeOrDash(delivery.deliveredAt)},
    };
    std::ostringstream out;
    for (const auto& [name, value] : fields) {
        out << "  " << std::left << std::setw(14) << name << "  " << value << '\n';
    }
    if (withPayload) {
        out << "payload:\n";
        auto payload = webhooks::renderDelivery(record)->get("payload");
        std::ostringstream json;
        Poco::JSON::Stringifier::stringify(payload, json, 2);
        std::istringstream lines(json.str());
        for (std::string line; std::getline(lines, line);) out << "  " << line << '\n';
    }
    out << "attempts:\n";
    for (const auto& attempt : record.attempts) out << attemptLine(attempt, true) << '\n';
    if (record.attempts.empty()) out << "  (none yet)\n";
    return out.str();
}

storage::DeliveryFilter filterFrom(const Arguments& args) {
    storage::DeliveryFilter filter;
    filter.organisationId = args.value("org");
    filter.campaignId = args.value("campaign");
    filter.endpointId = args.value("endpoint");
    if (auto status = args.value("status")) {
        filter.status = domain::deliveryStatusFromString(*status);
        if (!filter.status) {
            throw UsageError("--status must be one of pending, delivered, failed, got \"" +
                             *status + "\"");
        }
    }
    if (auto limit = args.integer("limit")) {
        if (*limit < 1 || *limit > kMaxLimit) {
            throw UsageError("--limit must be from 1 to " + std::to_string(kMaxLimit));
        }
        filter.limit = static_cast<int>(*limit);
    }
    return filter;
}

Result list(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock& clock) {
    args.expectPositionals(0, "");
    auto filter = filterFrom(args);
    auto records = store.read([&](storage::Repositories& repos) {
        checkOrganisationFilter(repos, args, clock);
        return webhooks::listDeliveries(repos, filter);
    });
    Result result = listResult(records, webhooks::renderDelivery, {});
    result.text = listText(records, filter.limit);
    return result;
}

Result show(const Arguments& args, storage::Store& store, const config::Config&,
            const domain::Clock&) {
    args.expectPositionals(1, "DELIVERY_ID");
    const std::string& id = args.positionals()[0];
    auto record =
        store.read([&](storage::Repositories& repos) { return webhooks::findDelivery(repos, id); });
    if (!record) throw storage::NotFound("no webhook delivery with id " + id);
    Result result;
    result.json = webhooks::renderDelivery(*record);
    result.text = recordText(*record, true);
    return result;
}

Result redeliver(const Arguments& args, storage::Store& store, const config::Config&,
                 const domain::Clock& clock) {
    args.expectPositionals(1, "DELIVERY_ID");
    const std::string& id = args.positionals()[0];
    auto record = store.write(
        [&](storage::Repositories& repos) { return webhooks::redeliver(repos, id, clock.now()); });
    Result result;
    result.json = webhooks::renderDelivery(record);
    // lodestonectl cannot wake the daemon, so the daemon finds it on its next look for work.
    result.headline = "Queued a redelivery of " + id +
                      " with the same webhook-id, to the campaign's current webhook URL. A "
                      "running lodestoned sends it within its poll interval (jobs.poll_interval, "
                      "default 1s); otherwise lodestoned sends it when it next starts.";
    result.text = recordText(record, false);
    return result;
}

}  // namespace

std::vector<Command> webhookCommands() {
    return {
        {"webhook",
         "list",
         "webhook list [--org ORG_ID] [--campaign ID] [--endpoint ID] "
         "[--status pending|delivered|failed] [--limit N]   (newest first, 100 by default)",
         "Lists webhook deliveries, newest first, each with one line per attempt.\n\n"
         "  --org ORG_ID         of this organisation only (an unknown one is an error)\n"
         "  --campaign ID        of this campaign only\n"
         "  --endpoint ID        of this event endpoint only (docs/events.md)\n"
         "  --status STATUS      pending, delivered or failed\n"
         "  --limit N            at most N deliveries, 1 to 10000 (default 100)\n",
         {{"org"}, {"campaign"}, {"endpoint"}, {"status"}, {"limit"}},
         list},
        {"webhook",
         "show",
         "webhook show ID   (with its payload and every attempt)",
         "Shows webhook delivery ID: its payload and every attempt's URL, status and error.\n",
         {},
         show},
        {"webhook",
         "redeliver",
         "webhook redeliver ID   (a delivered or failed one; same webhook-id)",
         "Queues one fresh attempt of a delivered or failed delivery, due at once, with the\n"
         "same webhook-id, to the campaign's current webhook URL. A running lodestoned sends\n"
         "it within jobs.poll_interval. A pending delivery cannot be redelivered.\n",
         {},
         redeliver},
    };
}

}  // namespace lodestone::ctl
