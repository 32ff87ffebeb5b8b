/**
 * Principal Business Activity Codes, sectors 11-45 (agriculture to retail trade), as the 2025 Instructions for Form 1120 list them
 * (https://www.irs.gov/pub/irs-pdf/i1120.pdf, Principal Business Activity Codes): one "code title"
 * a line, in the list's order. Transcribed from the extraction of that PDF in the public repository
 * sumyeungai-eng/form5472prep (src/lib/irsCodes/pba-2025.json), with the list's note on nonstore
 * retailers taken out of the title of 455210. Read by activity-codes.ts; see docs/irs-forms.md.
 */
export const ACTIVITY_CODES_2025_GOODS = `
111100 Oilseed & Grain Farming
111210 Vegetable & Melon Farming (including potatoes & yams)
111300 Fruit & Tree Nut Farming
111400 Greenhouse, Nursery, & Floriculture Production
111900 Other Crop Farming (including tobacco, cotton, sugarcane, hay, peanut, sugar beet, & all other crop farming)
112111 Beef Cattle Ranching & Farming
112112 Cattle Feedlots
112120 Dairy Cattle & Milk Production
112210 Hog & Pig Farming
112300 Poultry & Egg Production
112400 Sheep & Goat Farming
112510 Aquaculture (including shellfish & finfish farms & hatcheries)
112900 Other Animal Production
113110 Timber Tract Operations
113210 Forest Nurseries & Gathering of Forest Products
113310 Logging
114110 Fishing
114210 Hunting & Trapping
115110 Support Activities for Crop Production (including cotton ginning, soil preparation, planting, & cultivating)
115210 Support Activities for Animal Production (including farriers)
115310 Support Activities for Forestry
211120 Crude Petroleum Extraction
211130 Natural Gas Extraction
212110 Coal Mining
212200 Metal Ore Mining
212310 Stone Mining & Quarrying
212320 Sand, Gravel, Clay, & Ceramic & Refractory Minerals Mining & Quarrying
212390 Other Nonmetallic Mineral Mining & Quarrying
213110 Support Activities for Mining
221100 Electric Power Generation, Transmission & Distribution
221210 Natural Gas Distribution
221300 Water, Sewage & Other Systems
221500 Combination Gas & Electric
236110 Residential Building Construction
236200 Nonresidential Building Construction
237100 Utility System Construction
237210 Land Subdivision
237310 Highway, Street, & Bridge Construction
237990 Other Heavy & Civil Engineering Construction
238100 Foundation, Structure, & Building Exterior Contractors (including framing carpentry, masonry, glass, roofing, & siding)
238210 Electrical Contractors
238220 Plumbing, Heating, & Air-Conditioning Contractors
238290 Other Building Equipment Contractors
238300 Building Finishing Contractors (including drywall, insulation, painting, wallcovering, flooring, tile, & finished carpentry)
238900 Other Specialty Trade Contractors (including site preparation)
311110 Animal Food Mfg
311200 Grain & Oilseed Milling
311300 Sugar & Confectionery Product Mfg
311400 Fruit & Vegetable Preserving & Specialty Food Mfg
311500 Dairy Product Mfg
311610 Animal Slaughtering & Processing
311710 Seafood Product Preparation & Packaging
311800 Bakeries, Tortilla & Dry Pasta Mfg
311900 Other Food Mfg (including coffee, tea, flavorings & seasonings)
312110 Soft Drink & Ice Mfg
312120 Breweries
312130 Wineries
312140 Distilleries
312200 Tobacco Manufacturing
313000 Textile Mills
314000 Textile Product Mills
315100 Apparel Knitting Mills
315210 Cut & Sew Apparel Contractors
315250 Cut & Sew Apparel Mfg (except Contractors)
315990 Apparel Accessories & Other Apparel Mfg
316110 Leather & Hide Tanning & Finishing
316210 Footwear Mfg (including rubber & plastics)
316990 Other Leather & Allied Product Mfg
321110 Sawmills & Wood Preservation
321210 Veneer, Plywood, & Engineered Wood Product Mfg
321900 Other Wood Product Mfg
322100 Pulp, Paper, & Paperboard Mills
322200 Converted Paper Product Mfg
323100 Printing & Related Support Activities
324110 Petroleum Refineries (including integrated)
324120 Asphalt Paving, Roofing, & Saturated Materials Mfg
324190 Other Petroleum & Coal Products Mfg
325100 Basic Chemical Mfg
325200 Resin, Synthetic Rubber, & Artificial & Synthetic Fibers & Filaments Mfg
325300 Pesticide, Fertilizer, & Other Agricultural Chemical Mfg
325410 Pharmaceutical & Medicine Mfg
325500 Paint, Coating, & Adhesive Mfg
325600 Soap, Cleaning Compound, & Toilet Preparation Mfg
325900 Other Chemical Product & Preparation Mfg
326100 Plastics Product Mfg
326200 Rubber Product Mfg
327100 Clay Product & Refractory Mfg
327210 Glass & Glass Product Mfg
327300 Cement & Concrete Product Mfg
327400 Lime & Gypsum Product Mfg
327900 Other Nonmetallic Mineral Product Mfg
331110 Iron & Steel Mills & Ferroalloy Mfg
331200 Steel Product Mfg from Purchased Steel
331310 Alumina & Aluminum Production & Processing
331400 Nonferrous Metal (except Aluminum) Production & Processing
331500 Foundries
332110 Forging & Stamping
332210 Cutlery & Handtool Mfg
332300 Architectural & Structural Metals Mfg
332400 Boiler, Tank, & Shipping Container Mfg
332510 Hardware Mfg
332610 Spring & Wire Product Mfg
332700 Machine Shops; Turned Product; & Screw, Nut, & Bolt Mfg
332810 Coating, Engraving, Heat Treating, & Allied Activities
332900 Other Fabricated Metal Product Mfg
333100 Agriculture, Construction, & Mining Machinery Mfg
333200 Industrial Machinery Mfg
333310 Commercial & Service Industry Machinery Mfg
333410 Ventilation, Heating, Air-Conditioning, & Commercial Refrigeration Equipment Mfg
333510 Metalworking Machinery Mfg
333610 Engine, Turbine & Power Transmission Equipment Mfg
333900 Other General Purpose Machinery Mfg
334110 Computer & Peripheral Equipment Mfg
334200 Communications Equipment Mfg
334310 Audio & Video Equipment Mfg
334410 Semiconductor & Other Electronic Component Mfg
334500 Navigational, Measuring, Electromedical, & Control Instruments Mfg
334610 Manufacturing & Reproducing Magnetic & Optical Media
335100 Electric Lighting Equipment Mfg
335200 Household Appliance Mfg
335310 Electrical Equipment Mfg
335900 Other Electrical Equipment & Component Mfg
336100 Motor Vehicle Mfg
336210 Motor Vehicle Body & Trailer Mfg
336300 Motor Vehicle Parts Mfg
336410 Aerospace Product & Parts Mfg
336510 Railroad Rolling Stock Mfg
336610 Ship & Boat Building
336990 Other Transportation Equipment Mfg
337000 Furniture & Related Product Manufacturing
339110 Medical Equipment & Supplies Mfg
339900 Other Miscellaneous Manufacturing
423100 Motor Vehicle & Motor Vehicle Parts & Supplies
423200 Furniture & Home Furnishings
423300 Lumber & Other Construction Materials
423400 Professional & Commercial Equipment & Supplies
423500 Metal & Mineral (except Petroleum)
423600 Household Appliances & Electrical & Electronic Goods
423700 Hardware, Plumbing, & Heating Equipment & Supplies
423800 Machinery, Equipment, & Supplies
423910 Sporting & Recreational Goods & Supplies
423920 Toy & Hobby Goods & Supplies
423930 Recyclable Materials
423940 Jewelry, Watch, Precious Stone, & Precious Metals
423990 Other Miscellaneous Durable Goods
424100 Paper & Paper Products
424210 Drugs & Druggists' Sundries
424300 Apparel, Piece Goods, & Notions
424400 Grocery & Related Products
424500 Farm Product Raw Materials
424600 Chemical & Allied Products
424700 Petroleum & Petroleum Products
424800 Beer, Wine, & Distilled Alcoholic Beverages
424910 Farm Supplies
424920 Book, Periodical, & Newspapers
424930 Flower, Nursery Stock, & Florists' Supplies
424940 Tobacco Products & Electronic Cigarettes
424950 Paint, Varnish, & Supplies
424990 Other Miscellaneous Nondurable Goods
425120 Wholesale Trade Agents & Brokers
441110 New Car Dealers
441120 Used Car Dealers
441210 Recreational Vehicle Dealers
441222 Boat Dealers
441227 Motorcycle, ATV, & All Other Motor Vehicle Dealers
441300 Automotive Parts, Accessories, & Tire Retailers
449110 Furniture Retailers
449121 Floor Covering Retailers
449122 Window Treatment Retailers
449129 All Other Home Furnishings Retailers
449210 Electronics & Appliance Retailers (including Computers)
444110 Home Centers
444120 Paint & Wallpaper Retailers
444140 Hardware Retailers
444180 Other Building Material Dealers
444200 Lawn & Garden Equipment & Supplies Retailers
445110 Supermarkets & Other Grocery Retailers (except Convenience)
445131 Convenience Retailers
445132 Vending Machine Operators
445230 Fruit & Vegetable Retailers
445240 Meat Retailers
445250 Fish & Seafood Retailers
445291 Baked Goods Retailers
445292 Confectionery & Nut Retailers
445298 All Other Specialty Food Retailers
445320 Beer, Wine, & Liquor Retailers
456110 Pharmacies & Drug Retailers
456120 Cosmetics, Beauty Supplies, & Perfume Retailers
456130 Optical Goods Retailers
456190 Other Health & Personal Care Retailers
457100 Gasoline Stations (including convenience stores with gas)
457210 Fuel Dealers (including Heating Oil & Liquefied Petroleum)
458110 Clothing & Clothing Accessories Retailers
458210 Shoe Retailers
458310 Jewelry Retailers
458320 Luggage & Leather Goods Retailers
459110 Sporting Goods Retailers
459120 Hobby, Toy, & Game Retailers
459130 Sewing, Needlework, & Piece Goods Retailers
459140 Musical Instrument & Supplies Retailers
459210 Book Retailers & News Dealers (including newsstands)
459310 Florists
459410 Office Supplies & Stationery Retailers
459420 Gift, Novelty, & Souvenir Retailers
459510 Used Merchandise Retailers
459910 Pet & Pet Supplies Retailers
459920 Art Dealers
459930 Manufactured (Mobile) Home Dealers
459990 All Other Miscellaneous Retailers (including tobacco, candle, & trophy retailers)
455110 Department Stores
455210 Warehouse Clubs, Supercenters, & Other General Merch. Retailers
`;
