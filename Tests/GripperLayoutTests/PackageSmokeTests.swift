import Testing

// The module builds and links; real tests live beside this file.
@Test func moduleLinks() {}
