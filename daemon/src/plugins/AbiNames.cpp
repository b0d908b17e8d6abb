#include "plugins/AbiNames.hpp"

namespace lodestone::plugins {

std::optional<std::string> kindName(int kind) {
    switch (kind) {
        case LODESTONE_PLUGIN_RESEARCH:
            return "research";
        case LODESTONE_PLUGIN_CONTENT:
            return "content";
        case LODESTONE_PLUGIN_WEBHOOK:
            return "webhook";
        case LODESTONE_PLUGIN_MAILER:
            return "mailer";
    }
    return std::nullopt;
}

std::optional<std::string> configTypeName(int type) {
    switch (type) {
        case LODESTONE_CONFIG_STRING:
            return "string";
        case LODESTONE_CONFIG_INTEGER:
            return "integer";
        case LODESTONE_CONFIG_NUMBER:
            return "number";
        case LODESTONE_CONFIG_BOOLEAN:
            return "boolean";
        case LODESTONE_CONFIG_DURATION:
            return "duration";
        case LODESTONE_CONFIG_STRING_LIST:
            return "string_list";
        case LODESTONE_CONFIG_OBJECT:
            return "object";
    }
    return std::nullopt;
}

std::optional<std::string> statusName(int status) {
    switch (status) {
        case LODESTONE_OK:
            return "ok";
        case LODESTONE_ERROR_INVALID_CONFIG:
            return "invalid config";
        case LODESTONE_ERROR_INVALID_INPUT:
            return "invalid input";
        case LODESTONE_ERROR_FAILED:
            return "failed";
        case LODESTONE_ERROR_CANCELLED:
            return "cancelled";
    }
    return std::nullopt;
}

}  // namespace lodestone::plugins
