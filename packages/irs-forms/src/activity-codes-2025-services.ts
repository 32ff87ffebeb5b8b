/**
 * Principal Business Activity Codes, sectors 48-81 and 999000 (transportation to other services), as the 2025 Instructions for Form 1120 list them
 * (https://www.irs.gov/pub/irs-pdf/i1120.pdf, Principal Business Activity Codes): one "code title"
 * a line, in the list's order. Transcribed from the extraction of that PDF in the public repository
 * sumyeungai-eng/form5472prep (src/lib/irsCodes/pba-2025.json), with the list's note on nonstore
 * retailers taken out of the title of 455210. Read by activity-codes.ts; see docs/irs-forms.md.
 */
export const ACTIVITY_CODES_2025_SERVICES = `
481000 Air Transportation
482110 Rail Transportation
483000 Water Transportation
484110 General Freight Trucking, Local
484120 General Freight Trucking, Long-distance
484200 Specialized Freight Trucking
485110 Urban Transit Systems
485210 Interurban & Rural Bus Transportation
485310 Taxi & Ridesharing Services
485320 Limousine Service
485410 School & Employee Bus Transportation
485510 Charter Bus Industry
485990 Other Transit & Ground Passenger Transportation
486000 Pipeline Transportation
487000 Scenic & Sightseeing Transportation
488100 Support Activities for Air Transportation
488210 Support Activities for Rail Transportation
488300 Support Activities for Water Transportation
488410 Motor Vehicle Towing
488490 Other Support Activities for Road Transportation
488510 Freight Transportation Arrangement
488990 Other Support Activities for Transportation
492110 Couriers & Express Delivery Services
492210 Local Messengers & Local Delivery
493100 Warehousing & Storage (except lessors of miniwarehouses & self-storage units)
512100 Motion Picture & Video Industries (except video rental)
512200 Sound Recording Industries
513110 Newspaper Publishers
513120 Periodical Publishers
513130 Book Publishers
513140 Directory & Mailing List Publishers
513190 Other Publishers
513210 Software Publishers
516100 Radio & Television Broadcasting Stations
516210 Media Streaming, Social Networks, & Other Content Providers
517000 Telecommunications (including Wired, Wireless, Satellite, Cable & Other Program Distribution, Resellers, Agents, Other Telecommunications, & Internet Service Providers)
518210 Computing Infrastructure Providers, Data Processing, Web Hosting, & Related Services
519200 Web Search Portals, Libraries, Archives, & Other Info. Services
522110 Commercial Banking
522130 Credit Unions
522180 Savings Institutions & Other Depository Credit Intermediation
522210 Credit Card Issuing
522220 Sales Financing
522291 Consumer Lending
522292 Real Estate Credit (including mortgage bankers & originators)
522299 Intl, Secondary Market, & Other Nondepos. Credit Intermediation
522300 Activities Related to Credit Intermediation (including loan brokers, check clearing, & money transmitting)
523150 Investment Banking & Securities Intermediation
523160 Commodity Contracts Intermediation
523210 Securities & Commodity Exchanges
523900 Other Financial Investment Activities (including portfolio management & investment advice)
524110 Direct Life, Health, & Medical Insurance Carriers
524120 Direct Insurance (except Life, Health, & Medical) Carriers
524210 Insurance Agencies & Brokerages
524290 Other Insurance Related Activities (including third-party administration of insurance & pension funds)
525100 Insurance & Employee Benefit Funds
525910 Open-End Investment Funds (Form 1120-RIC)
525920 Trusts, Estates, & Agency Accounts
525990 Other Financial Vehicles (including mortgage REITs & closed-end investment funds)
531110 Lessors of Residential Buildings & Dwellings (including equity REITs)
531120 Lessors of Nonresidential Buildings (except Miniwarehouses) (including equity REITs)
531130 Lessors of Miniwarehouses & Self-Storage Units (including equity REITs)
531190 Lessors of Other Real Estate Property (including equity REITs)
531210 Offices of Real Estate Agents & Brokers
531310 Real Estate Property Managers
531320 Offices of Real Estate Appraisers
531390 Other Activities Related to Real Estate
532100 Automotive Equipment Rental & Leasing
532210 Consumer Electronics & Appliances Rental
532281 Formal Wear & Costume Rental
532282 Video Tape & Disc Rental
532283 Home Health Equipment Rental
532284 Recreational Goods Rental
532289 All Other Consumer Goods Rental
532310 General Rental Centers
532400 Commercial & Industrial Machinery & Equipment Rental & Leasing
533110 Lessors of Nonfinancial Intangible Assets (except copyrighted works)
541110 Offices of Lawyers
541190 Other Legal Services
541211 Offices of Certified Public Accountants
541213 Tax Preparation Services
541214 Payroll Services
541219 Other Accounting Services
541310 Architectural Services
541320 Landscape Architecture Services
541330 Engineering Services
541340 Drafting Services
541350 Building Inspection Services
541360 Geophysical Surveying & Mapping Services
541370 Surveying & Mapping (except Geophysical) Services
541380 Testing Laboratories & Services
541400 Specialized Design Services (including interior, industrial, graphic, & fashion design)
541511 Custom Computer Programming Services
541512 Computer Systems Design Services
541513 Computer Facilities Management Services
541519 Other Computer Related Services
541600 Management, Scientific, & Technical Consulting Services
541700 Scientific Research & Development Services
541800 Advertising, Public Relations, & Related Services
541910 Marketing Research & Public Opinion Polling
541920 Photographic Services
541930 Translation & Interpretation Services
541940 Veterinary Services
541990 All Other Professional, Scientific, & Technical Services
551111 Offices of Bank Holding Companies
551112 Offices of Other Holding Companies
561110 Office Administrative Services
561210 Facilities Support Services
561300 Employment Services
561410 Document Preparation Services
561420 Telephone Call Centers
561430 Business Service Centers (including private mail centers & copy shops)
561440 Collection Agencies
561450 Credit Bureaus
561490 Other Business Support Services (including repossession services, court reporting, & stenotype services)
561500 Travel Arrangement & Reservation Services
561600 Investigation & Security Services
561710 Exterminating & Pest Control Services
561720 Janitorial Services
561730 Landscaping Services
561740 Carpet & Upholstery Cleaning Services
561790 Other Services to Buildings & Dwellings
561900 Other Support Services (including packaging & labeling services, & convention & trade show organizers)
562000 Waste Management & Remediation Services
611000 Educational Services (including schools, colleges, & universities)
621111 Offices of Physicians (except mental health specialists)
621112 Offices of Physicians, Mental Health Specialists
621210 Offices of Dentists
621310 Offices of Chiropractors
621320 Offices of Optometrists
621330 Offices of Mental Health Practitioners (except Physicians)
621340 Offices of Physical, Occupational & Speech Therapists, & Audiologists
621391 Offices of Podiatrists
621399 Offices of All Other Miscellaneous Health Practitioners
621410 Family Planning Centers
621420 Outpatient Mental Health & Substance Abuse Centers
621491 HMO Medical Centers
621492 Kidney Dialysis Centers
621493 Freestanding Ambulatory Surgical & Emergency Centers
621498 All Other Outpatient Care Centers
621510 Medical & Diagnostic Laboratories
621610 Home Health Care Services
621900 Other Ambulatory Health Care Services (including ambulance services & blood & organ banks)
622000 Hospitals
623000 Nursing & Residential Care Facilities
624100 Individual & Family Services
624200 Community Food & Housing, & Emergency & Other Relief Services
624310 Vocational Rehabilitation Services
624410 Childcare Services
711100 Performing Arts Companies
711210 Spectator Sports (including sports clubs & racetracks)
711300 Promoters of Performing Arts, Sports, & Similar Events
711410 Agents & Managers for Artists, Athletes, Entertainers, & Other Public Figures
711510 Independent Artists, Writers, & Performers
712100 Museums, Historical Sites, & Similar Institutions
713100 Amusement Parks & Arcades
713200 Gambling Industries
713900 Other Amusement & Recreation Industries (including golf courses, skiing facilities, marinas, fitness centers, & bowling centers)
721110 Hotels (except Casino Hotels) & Motels
721120 Casino Hotels
721191 Bed & Breakfast Inns
721199 All Other Traveler Accommodation
721210 RV (Recreational Vehicle) Parks & Recreational Camps
721310 Rooming & Boarding Houses, Dormitories, & Workers' Camps
722300 Special Food Services (including food service contractors & caterers)
722410 Drinking Places (Alcoholic Beverages)
722511 Full-Service Restaurants
722513 Limited-Service Restaurants
722514 Cafeterias, Grill Buffets, & Buffets
722515 Snack & Non-alcoholic Beverage Bars
811110 Automotive Mechanical & Electrical Repair & Maintenance
811120 Automotive Body, Paint, Interior, & Glass Repair
811190 Other Automotive Repair & Maintenance (including oil change & lubrication shops & car washes)
811210 Electronic & Precision Equipment Repair & Maintenance
811310 Commercial & Industrial Machinery & Equipment (except Automotive & Electronic) Repair & Maintenance
811410 Home & Garden Equipment & Appliance Repair & Maintenance
811420 Reupholstery & Furniture Repair
811430 Footwear & Leather Goods Repair
811490 Other Personal & Household Goods Repair & Maintenance
812111 Barber Shops
812112 Beauty Salons
812113 Nail Salons
812190 Other Personal Care Services (including diet & weight reducing centers)
812210 Funeral Homes & Funeral Services
812220 Cemeteries & Crematories
812310 Coin-Operated Laundries & Drycleaners
812320 Drycleaning & Laundry Services (except Coin-Operated)
812330 Linen & Uniform Supply
812910 Pet Care (except Veterinary) Services
812920 Photofinishing
812930 Parking Lots & Garages
812990 All Other Personal Services
813000 Religious, Grantmaking, Civic, Professional, & Similar Organizations (including condominium & homeowners associations)
999000 Unclassified Establishments (unable to classify)
`;
