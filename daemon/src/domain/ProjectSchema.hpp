#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::domain {

// How a submitted value is checked: text; an address by the email rule (Email.hpp); a URL by
// the URL rule (Urls.hpp); a company domain by the host-name rule (HostNames.hpp); a JSON object.
enum class FieldType { String, Email, Url, Domain, Json };

std::string_view toString(FieldType type);
std::optional<FieldType> fieldTypeFromString(std::string_view text);

struct FieldSpec {
    std::string name;
    FieldType type = FieldType::String;
    bool required = false;
    std::string label;
    std::string description;
};

class InvalidSchema : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The input fields a project's Generate Lead Magnet call accepts. `email` is always present and
// required: the spec requires it of every project.
class ProjectSchema {
  public:
    // Checks names are unique and non-empty and that email is an `email` field; a schema that
    // leaves email out gets it added as required. Throws InvalidSchema with a usable message.
    explicit ProjectSchema(std::vector<FieldSpec> fields);

    // Every field of the spec's Generate Lead Magnet table, only `email` required.
    static ProjectSchema defaults();

    const std::vector<FieldSpec>& fields() const { return fields_; }
    const FieldSpec* find(std::string_view name) const;

    // {"fields":[{"name":…,"type":…,"required":…,"label":…,"description":…}]}
    std::string toJson() const;
    static ProjectSchema fromJson(const std::string& json);

  private:
    std::vector<FieldSpec> fields_;
};

}  // namespace lodestone::domain
