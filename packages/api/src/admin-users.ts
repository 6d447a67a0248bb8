// Wire contract of this area (scaffold: the area's owner fills it).
export {};
