import Testing
@Suite struct PlaceholderTests { @Test func nothing() {} }
