#include <gtest/gtest.h>

#include "domain/ProjectSchema.hpp"

using namespace lodestone::domain;

TEST(ProjectSchema, DefaultAcceptsTheSpecFieldsWithOnlyEmailRequired) {
    auto schema = ProjectSchema::defaults();
    std::vector<std::string> names;
    for (const auto& field : schema.fields()) {
        names.push_back(field.name);
        EXPECT_EQ(field.required, field.name == "email") << field.name;
    }
    EXPECT_EQ(names, (std::vector<std::string>{"email", "fullName", "company", "domain", "industry",
                                               "companySize", "title", "phone", "customFields"}));
    EXPECT_EQ(schema.find("customFields")->type, FieldType::Json);
    EXPECT_EQ(schema.find("email")->type, FieldType::Email);
    EXPECT_EQ(schema.find("domain")->type, FieldType::Domain);  // the host-name rule
}

TEST(ProjectSchema, DomainIsAFieldTypeByName) {
    EXPECT_EQ(fieldTypeFromString("domain"), FieldType::Domain);
    EXPECT_EQ(toString(FieldType::Domain), "domain");
    auto copy = ProjectSchema::fromJson(ProjectSchema::defaults().toJson());
    EXPECT_EQ(copy.find("domain")->type, FieldType::Domain);
}

TEST(ProjectSchema, AddsEmailWhenLeftOut) {
    ProjectSchema schema({{"website", FieldType::Url, true, "Website", ""}});
    ASSERT_EQ(schema.fields().size(), 2u);
    EXPECT_EQ(schema.fields()[0].name, "email");
    EXPECT_TRUE(schema.fields()[0].required);
}

TEST(ProjectSchema, RejectsOptionalEmailAndDuplicates) {
    EXPECT_THROW(ProjectSchema({{"email", FieldType::Email, false, "", ""}}), InvalidSchema);
    EXPECT_THROW(ProjectSchema({{"email", FieldType::String, true, "", ""}}), InvalidSchema);
    EXPECT_THROW(ProjectSchema({{"title", FieldType::String, false, "", ""},
                                {"title", FieldType::String, true, "", ""}}),
                 InvalidSchema);
}

TEST(ProjectSchema, RoundTripsThroughJson) {
    ProjectSchema schema({{"email", FieldType::Email, true, "Email", "Work email"},
                          {"website", FieldType::Url, true, "Website", "Company site"},
                          {"budget", FieldType::String, false, "", ""}});
    auto copy = ProjectSchema::fromJson(schema.toJson());
    ASSERT_EQ(copy.fields().size(), 3u);
    EXPECT_EQ(copy.fields()[1].name, "website");
    EXPECT_EQ(copy.fields()[1].type, FieldType::Url);
    EXPECT_TRUE(copy.fields()[1].required);
    EXPECT_EQ(copy.fields()[1].description, "Company site");
    EXPECT_EQ(copy.toJson(), schema.toJson());
}
