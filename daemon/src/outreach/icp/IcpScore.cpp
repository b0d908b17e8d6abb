#include "outreach/icp/IcpScore.hpp"

#include <Poco/JSON/Array.h>

#include <cmath>
#include <cstdint>

namespace lodestone::outreach {
namespace {

// Whole numbers as integers, so a weight of 3 reads 3 and not 3.0.
Poco::Dynamic::Var numberValue(double value) {
    if (value == std::floor(value) && std::fabs(value) < 1e15) {
        return static_cast<std::int64_t>(value);
    }
    return value;
}

}  // namespace

std::string_view toString(CriterionOutcome outcome) {
    switch (outcome) {
        case CriterionOutcome::Match:
            return "match";
        case CriterionOutcome::Partial:
            return "partial";
        case CriterionOutcome::Miss:
            return "miss";
        case CriterionOutcome::Unknown:
            return "unknown";
        case CriterionOutcome::Excluded:
            return "excluded";
    }
    return "unknown";
}

Poco::JSON::Object::Ptr IcpScore::toJson() const {
    Poco::JSON::Object::Ptr json = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    json->set("score", score);
    json->set("threshold", threshold);
    json->set("qualified", qualified);
    json->set("excludedBy", excludedBy ? Poco::Dynamic::Var(*excludedBy) : Poco::Dynamic::Var());
    Poco::JSON::Array::Ptr results = new Poco::JSON::Array();
    for (const auto& result : breakdown) {
        Poco::JSON::Object::Ptr item = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        item->set("criterion", result.criterion);
        item->set("weight", numberValue(result.weight));
        item->set("outcome", std::string(toString(result.outcome)));
        item->set("credit", numberValue(std::round(result.credit * 1000) / 1000));
        item->set("reason", result.reason);
        if (result.basis) {
            item->set("evidence", std::string(toString(result.basis->evidence)));
            item->set("source", result.basis->source);
        } else {
            item->set("evidence", Poco::Dynamic::Var());
            item->set("source", Poco::Dynamic::Var());
        }
        results->add(item);
    }
    json->set("breakdown", results);
    Poco::JSON::Array::Ptr lines = new Poco::JSON::Array();
    for (const auto& line : reasons) lines->add(line);
    json->set("reasons", lines);
    return json;
}

}  // namespace lodestone::outreach
